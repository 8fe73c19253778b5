import { Alert, Button, Group, TextInput } from '@mantine/core';

/**
 * One code input with its confirm button beside it (the form around it submits on Enter), and
 * under them what went wrong, announced: the bind, licence and coupon screens' entry.
 */
export function CodeEntry({
  label,
  value,
  onChange,
  maxLength,
  placeholder,
  submitLabel,
  busy,
  problem,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder?: string;
  submitLabel: string;
  busy: boolean;
  problem: string | null;
}) {
  return (
    <>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={label}
          placeholder={placeholder}
          value={value}
          maxLength={maxLength}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {/* Level with the input, below its label. */}
        <Button type="submit" mt={25} loading={busy}>
          {submitLabel}
        </Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </>
  );
}
