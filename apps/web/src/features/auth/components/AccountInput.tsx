import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Region } from '@account-centre/contract';

/**
 * The account field: an e-mail address everywhere, or a mainland mobile number in the domestic
 * build, where SMS is available (spec 01 §1, docs/architecture.md#sign-in).
 */
export function AccountInput({ region, ...props }: TextInputProps & { region: Region }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={region === 'domestic' ? t('auth:fields.emailOrMobile') : t('auth:fields.email')}
      type={region === 'domestic' ? 'text' : 'email'}
      inputMode={region === 'domestic' ? 'text' : 'email'}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      // The dialog puts the cursor here when it opens, not on its close button.
      data-autofocus
      {...props}
    />
  );
}
