/** Loads a report answer; keeps only the latest request's result, its errors and the loading flag. */
import { useCallback, useState } from 'react';
import { useLastRequest } from '../../api/useLastRequest.ts';
import { errorsOf, type FieldError } from '../../api/index.ts';

export function useReport<T>() {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const ask = useLastRequest();

  const run = useCallback(async (request: () => Promise<T>) => {
    const isLast = ask();
    setLoading(true);
    setErrors([]);
    try {
      const result = await request();
      if (isLast()) setData(result);
    } catch (e) {
      if (isLast()) {
        setData(undefined);
        setErrors(errorsOf(e));
      }
    } finally {
      if (isLast()) setLoading(false);
    }
  }, [ask]);

  return { data, loading, errors, run };
}
