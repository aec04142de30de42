/** Loads a report answer; keeps only the latest request's result, its errors and the loading flag. */
import { useCallback, useRef, useState } from 'react';
import { errorsOf, type FieldError } from '../../api/index.ts';

export function useReport<T>() {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const latest = useRef(0);

  const run = useCallback(async (request: () => Promise<T>) => {
    const id = ++latest.current;
    setLoading(true);
    setErrors([]);
    try {
      const result = await request();
      if (id === latest.current) setData(result);
    } catch (e) {
      if (id === latest.current) {
        setData(undefined);
        setErrors(errorsOf(e));
      }
    } finally {
      if (id === latest.current) setLoading(false);
    }
  }, []);

  return { data, loading, errors, run };
}
