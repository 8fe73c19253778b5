import { Alert, Button, Checkbox, Group, List, Modal, Radio, Stack, Text } from '@mantine/core';
import { VerificationPurpose, maskEmail, maskPhone } from '@account-centre/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/user/current-user';
import { showErrorToast } from '../../../components/toast';
import { useBuildContext } from '../../../lib/build-context';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import type { CodeTarget } from '../api/send-code';
import { closeAccount } from '../api/close-account';
import { finishAccountClose } from '../close-account';
import { ClosingForfeits } from './ClosingForfeits';
import { CODE_PATTERN, CodeField } from './CodeField';
import { codeTargets } from './PasswordModal';

/**
 * Where a code of purpose 11 can go: the account's e-mail, and its phone in the domestic build
 * (the overseas build has no SMS; its server refuses closing by phone).
 */
export function closeCodeTargets(user: UserInfo, domestic: boolean): CodeTarget[] {
  return codeTargets(user).filter((target) => domestic || target.kind === 'email');
}

const masked = ({ kind, address }: CodeTarget) => (kind === 'email' ? maskEmail(address) : maskPhone(address));

export interface CloseAccountModalProps {
  user: UserInfo;
  onClose: () => void;
  /**
   * Another way to prove it is the owner, shown on the verification step under the code form
   * (or in its place when there is no e-mail or phone): closing by a third-party sign-in.
   */
  extra?: ReactNode;
}

/**
 * "Sign off account" (spec 01 §2 modals, §4 "Account close"; purpose 11). First it says plainly
 * what closing does, names what this account still holds that goes with it, and asks the owner
 * to confirm; then a code goes to the e-mail or phone they pick, and the account is closed with
 * it. Success hands over to finishAccountClose (toast, session dropped, the client told, the
 * company home after 3 s); a refusal shows the server's reason and changes nothing.
 */
export function CloseAccountModal({ user, onClose, extra }: CloseAccountModalProps) {
  const { t } = useTranslation();
  const domestic = useBuildContext().region === 'domestic';
  const targets = closeCodeTargets(user, domestic);
  const [step, setStep] = useState<'confirm' | 'verify'>('confirm');

  return (
    <Modal opened onClose={onClose} title={t('accountClose:title')} centered size="lg">
      {step === 'confirm' ? (
        <ConfirmStep userId={user.user_id} onCancel={onClose} onContinue={() => setStep('verify')} />
      ) : (
        <Stack>
          {targets.length > 0 ? (
            <CodeStep user={user} targets={targets} onBack={() => setStep('confirm')} />
          ) : (
            <Alert color="yellow" variant="light">
              {t('accountClose:verify.noContact')}
            </Alert>
          )}
          {extra}
          {targets.length === 0 && (
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep('confirm')}>
                {t('common:actions.back')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/**
 * What closing does, in plain words, what this account would lose by it, and the owner's
 * explicit "I understand".
 */
function ConfirmStep({
  userId,
  onCancel,
  onContinue,
}: {
  userId: number;
  onCancel: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const [understood, setUnderstood] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUnconfirmed(!understood);
    if (understood) onContinue();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Alert color="red" variant="light" title={t('accountClose:confirm.heading')}>
          <List size="sm" spacing={6}>
            <List.Item>{t('accountClose:confirm.deleted')}</List.Item>
            <List.Item>{t('accountClose:confirm.licences')}</List.Item>
            <List.Item>{t('accountClose:confirm.signIn')}</List.Item>
            <List.Item>{t('accountClose:confirm.records')}</List.Item>
          </List>
        </Alert>
        <ClosingForfeits userId={userId} />
        <Checkbox
          label={t('accountClose:confirm.understand')}
          checked={understood}
          onChange={(event) => {
            setUnderstood(event.currentTarget.checked);
            setUnconfirmed(false);
          }}
          error={unconfirmed ? t('accountClose:confirm.mustConfirm') : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" color="red">
            {t('accountClose:confirm.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The code step: pick the address (when there are two), send a code of purpose 11, close. */
function CodeStep({ user, targets, onBack }: { user: UserInfo; targets: CodeTarget[]; onBack: () => void }) {
  const { t } = useTranslation();
  const [via, setVia] = useState(targets[0]?.kind ?? 'email');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [closing, run] = useSingleFlight();
  const target = targets.find((item) => item.kind === via) ?? targets[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(!CODE_PATTERN.test(code));
    if (!CODE_PATTERN.test(code) || !target) return;
    void run(async () => {
      try {
        await closeAccount(user.user_id, { via: target.kind, code });
      } catch (error) {
        showErrorToast(error);
        return;
      }
      finishAccountClose();
    });
  };

  const choose = (value: string) => {
    if (value !== 'email' && value !== 'mobile') return;
    setVia(value);
    setCode(''); // a code sent to the other address does not close the account
    setInvalid(false);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('accountClose:verify.intro')}</Text>
        {targets.length > 1 ? (
          <Radio.Group label={t('accountClose:verify.sendTo')} value={via} onChange={choose}>
            <Stack gap="xs" mt={6}>
              {targets.map((item) => (
                <Radio
                  key={item.kind}
                  value={item.kind}
                  label={t(item.kind === 'email' ? 'accountClose:verify.email' : 'accountClose:verify.mobile', {
                    address: masked(item),
                  })}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          target && (
            <Text size="sm" fw={500}>
              {t('accountClose:verify.sendingTo', { address: masked(target) })}
            </Text>
          )
        )}
        <CodeField
          // A fresh field per address: the resend countdown belongs to the address it was sent to.
          key={via}
          label={t('account:password.code')}
          purpose={VerificationPurpose.delete}
          target={target ?? null}
          value={code}
          onChange={setCode}
          error={invalid ? t('account:password.codeFormat') : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack} disabled={closing}>
            {t('common:actions.back')}
          </Button>
          <Button type="submit" color="red" loading={closing}>
            {t('accountClose:verify.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
