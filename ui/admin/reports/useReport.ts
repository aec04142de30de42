/** Loads a report answer; keeps only the latest request's result, its errors and the loading flag. */
import { useCallback, useState } from 'react';
import { useLatest } from '../../generic/data/useLatest.ts';
import { errorsOf, type FieldError } from '../../api/index.ts';

export function useReport<T>() {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const ask = useLatest();

  const run = useCallback(async (request: () => Promise<T>) => {
    const req = ask.begin();
    setLoading(true);
    setErrors([]);
    try {
      const result = await request();
      if (req.isLatest()) setData(result);
    } catch (e) {
      if (req.isLatest()) {
        setData(undefined);
        setErrors(errorsOf(e));
      }
    } finally {
      if (req.isLatest()) setLoading(false);
    }
  }, [ask]);

  return { data, loading, errors, run };
}
