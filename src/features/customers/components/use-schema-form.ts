import { useState } from 'react';
import {
  get,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';

type GroupError = { message?: string; root?: { message?: string } };

/** What the customer and party forms and their parts read and write. */
export interface SchemaForm<T> {
  value: T;
  /** Replaces the value (a change clears the server's errors). */
  set: (next: T | ((v: T) => T)) => void;
  /** A field was left: its error shows from now on. */
  touch: (name: string) => void;
  /** The message key of a field or a group (`addresses`): the server's first, then the schema's. */
  err: (name: string) => string | undefined;
}

/**
 * react-hook-form over a party's zod schema (`zodResolver`), kept as one value: the forms edit
 * nested lists (addresses by type, phones by type, persons), so a change replaces the value and
 * the fields get `value` and `onChange` of it. The rules of the portal specification, “Validation
 * rules”: an error shows once its field was left, or every one after a save attempt, and follows
 * each change from then on; what the server refused shows at once until the value changes.
 */
export function useSchemaForm<T extends FieldValues>(
  resolver: Resolver<T, unknown, T>,
  initial: T,
  initialServerErrors: Record<string, string> = {},
) {
  const form = useForm<T, unknown, T>({ resolver, defaultValues: initial as DefaultValues<T> });
  const { control, formState, getValues, reset, trigger, handleSubmit } = form;
  const value = useWatch({ control, compute: (v: T) => v });
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState(initialServerErrors);
  const { errors, isSubmitted } = formState;

  const revalidate = (names: ReadonlySet<string>) => {
    if (isSubmitted) void trigger();
    else if (names.size > 0) void trigger([...names] as FieldPath<T>[]);
  };

  const state: SchemaForm<T> = {
    value,
    set: (next) => {
      reset(typeof next === 'function' ? next(getValues()) : next, {
        keepDefaultValues: true,
        // The errors shown stay until the check of the new value replaces them (no flicker).
        keepErrors: true,
        keepIsSubmitted: true,
        keepSubmitCount: true,
      });
      setServerErrors({});
      revalidate(touched);
    },
    touch: (name) => {
      if (touched.has(name)) return;
      const next = new Set(touched).add(name);
      setTouched(next);
      revalidate(next);
    },
    err: (name) => {
      // A group's own error sits under `root` when its items have errors too (toNestErrors).
      const own = get<typeof errors, GroupError | undefined>(errors, name);
      return serverErrors[name] ?? own?.message ?? own?.root?.message;
    },
  };

  return {
    ...state,
    setServerErrors,
    /** Checks everything; sends the value as it was typed when the schema passes it. */
    submit: (onValid: (value: T) => Promise<void>, onInvalid: () => void) =>
      handleSubmit(() => onValid(getValues()), onInvalid),
  };
}
