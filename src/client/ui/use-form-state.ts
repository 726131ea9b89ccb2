import { useMemo, useState } from 'react';
import type { InvalidParam } from '../../domain/problems';

/**
 * A form's value with the rules of the portal specification, “Validation rules”: errors (from a validate function over
 * the whole value) show for touched fields only, or for all after a save attempt; the server's
 * errors show at once until the value changes.
 */
export function useFormState<T>(
  initial: T,
  validate: (value: T) => InvalidParam[],
  initialServerErrors: Record<string, string> = {},
) {
  const [value, setValue] = useState<T>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(initialServerErrors);
  const errors = useMemo(() => {
    const map: Record<string, string> = {};
    for (const e of validate(value)) map[e.name] ??= e.reason;
    return map;
  }, [value, validate]);

  return {
    value,
    /** Replaces the value (a change clears the server's errors). */
    set: (next: T | ((v: T) => T)) => {
      setValue(next);
      setServerErrors({});
    },
    touch: (name: string) => setTouched((s) => (s.has(name) ? s : new Set(s).add(name))),
    err: (name: string) => serverErrors[name] ?? (touched.has(name) || submitted ? errors[name] : undefined),
    valid: Object.keys(errors).length === 0,
    errors,
    submit: () => setSubmitted(true),
    setServerErrors,
  };
}

export type FormState<T> = ReturnType<typeof useFormState<T>>;
