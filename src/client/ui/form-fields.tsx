import { Checkbox, Field, Input, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-ui/react/theme/recipes/checkbox';
import { textareaRecipe } from '@chakra-ui/react/theme/recipes/textarea';
import { createContext, memo, startTransition, useContext, useOptimistic, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The inputs of the portal's forms (calculation editor, customer forms, signees). Each reports its value on change and marks itself touched on blur;
 * errors arrive as message keys and show once the field was touched (portal specification, “Validation rules”).
 * Input is trimmed at the start while typing and fully on blur or Enter.
 */
export interface FieldProps {
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  helper?: ReactNode;
  onTouch: (name: string) => void;
}

/**
 * True where a form's store takes each value at once and its changes compose from the store (the
 * calculation editor's update reads the form's values): there a change renders in a transition,
 * which React may interrupt and spread over frames, while the field shows the new value at once
 * (useOptimistic). Elsewhere a form composes its next value from the last render's, so its
 * changes render at once.
 */
export const TransitionUpdates = createContext(false);

/** The value a field shows, and how it reports a change (see TransitionUpdates). */
function useFieldValue<T>(value: T, onChange: (v: T) => void) {
  const inTransition = useContext(TransitionUpdates);
  const [shown, show] = useOptimistic(value);
  const change = (v: T) => {
    if (!inTransition) return onChange(v);
    startTransition(() => {
      show(v);
      onChange(v);
    });
  };
  return [shown, change] as const;
}

/** Where a form's message keys are translated ('calculation.errors', 'customer.errors'). */
export const FieldMessages = createContext('calculation.errors');

export function useErrorText() {
  const { t } = useTranslation();
  const namespace = useContext(FieldMessages);
  return (key?: string) =>
    key
      ? key === 'required'
        ? t('validation.required')
        : // A reason this version does not know is shown as the server sent it.
          t(`${namespace}.${key}`, { defaultValue: key })
      : undefined;
}

function Frame({
  name,
  label,
  error,
  required,
  disabled,
  helper,
  children,
}: FieldProps & { children: ReactNode }) {
  const errorText = useErrorText();
  return (
    <Field.Root invalid={!!error} required={required} disabled={disabled} data-field={name}>
      <Field.Label>
        {label} {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{errorText(error)}</Field.ErrorText>
    </Field.Root>
  );
}

export const TextField = memo(function TextField(
  props: FieldProps & {
    value: string;
    onChange: (v: string) => void;
    numeric?: boolean;
    maxLength?: number;
    type?: 'text' | 'date' | 'email' | 'tel' | 'url';
    placeholder?: string;
    /** Digits without decimals (a personal number): the phone's number pad, left-aligned. */
    digits?: boolean;
  },
) {
  const { numeric, maxLength, name, onTouch, type, placeholder, digits } = props;
  const [value, onChange] = useFieldValue(props.value, props.onChange);
  const commit = () => {
    if (value.trim() !== value) onChange(value.trim());
    onTouch(name);
  };
  return (
    <Frame {...props}>
      <Input
        name={name}
        type={type}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        inputMode={numeric ? 'decimal' : digits ? 'numeric' : undefined}
        autoComplete="off"
        textAlign={numeric ? 'end' : undefined}
        onChange={(e) => onChange(e.currentTarget.value.replace(/^\s+/, ''))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </Frame>
  );
});

export const SelectField = memo(function SelectField<T extends string | number>(
  props: FieldProps & { value: T; options: { value: T; label: string }[]; onChange: (v: T) => void },
) {
  const { options, name, onTouch, disabled } = props;
  const [value, onChange] = useFieldValue(props.value, props.onChange);
  return (
    <Frame {...props}>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field
          name={name}
          value={String(value)}
          onChange={(e) => {
            const picked = options.find((o) => String(o.value) === e.currentTarget.value);
            if (picked) onChange(picked.value);
          }}
          onBlur={() => onTouch(name)}
        >
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Frame>
  );
}) as <T extends string | number>(
  props: FieldProps & { value: T; options: { value: T; label: string }[]; onChange: (v: T) => void },
) => ReactNode;

export const CheckField = memo(function CheckField({
  label,
  checked,
  onChange,
  disabled,
  name,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Checkbox.Root
      recipe={checkboxSlotRecipe}
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked === true)}
      name={name}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
});

/** A text area with the characters-left counter (additional offer and request info). */
export const TextAreaField = memo(function TextAreaField(
  props: FieldProps & { value: string; onChange: (v: string) => void; maxLength: number },
) {
  const { t } = useTranslation();
  const { maxLength, name, onTouch } = props;
  const [value, onChange] = useFieldValue(props.value, props.onChange);
  return (
    <Frame
      {...props}
      helper={
        <Text as="span" aria-live="polite">
          {t('calculation.charactersLeft', { count: maxLength - value.length })}
        </Text>
      }
    >
      <Textarea
        recipe={textareaRecipe}
        name={name}
        value={value}
        maxLength={maxLength}
        rows={3}
        onChange={(e) => onChange(e.currentTarget.value.replace(/^\s+/, ''))}
        onBlur={() => {
          onChange(value.trim());
          onTouch(name);
        }}
      />
    </Frame>
  );
});
