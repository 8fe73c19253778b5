import { Avatar, Button, Stack } from '@mantine/core';
import { AccountMsg, ProfileAnswerCode } from '@account-centre/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast';
import { currentUserQueryKey } from '../../../app/user/current-user';
import { ApiError } from '../../../lib/api';
import { useBuildContext } from '../../../lib/build-context';
import { host, onHostMessage } from '../../../lib/host-bridge';
import { uploadAvatar } from '../api/account';
import { dataUrlToBlob, encodeAvatar } from '../avatar-image';
import { isAcceptedImageName } from '../profile-rules';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';

const IMG_WARN_MS = 1500;
const ACCEPT = '.gif,.jpg,.jpeg,.png,.bmp,image/gif,image/jpeg,image/png,image/bmp';

/** Spec 01 §8: code 2 sensitiveVerb, an oversized picture its own hint, anything else changeError. */
function avatarErrorKey(error: unknown) {
  if (error instanceof ApiError && (error.msg === AccountMsg.sensitive || error.code === ProfileAnswerCode.sensitive)) {
    return 'account:toast.sensitiveVerb' as const;
  }
  if (error instanceof ApiError && error.msg === AccountMsg.imageTooLarge)
    return 'account:toast.imageTooLarge' as const;
  if (error instanceof ApiError && error.msg === AccountMsg.imageType) return 'account:toast.imgWarn' as const;
  return 'account:toast.changeError' as const;
}

/** First letter of the name (a whole character, so an emoji or CJK name works too). */
export function initial(name: string): string {
  return ([...name.trim()][0] ?? '?').toUpperCase();
}

/**
 * The avatar and its change button (spec 01 §5 "Avatar"). In a desktop client the client's own
 * photo picker is used (showSelectPhotoDrawer, answered by uploadAvator); elsewhere a file input.
 */
export function AvatarPicker({ userId, name, url }: { userId: number; name: string; url: string | null }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const build = useBuildContext();
  const queryClient = useQueryClient();
  const [busy, run] = useSingleFlight();

  const upload = (source: Blob) =>
    run(async () => {
      try {
        const picture = await encodeAvatar(source);
        const answer = await uploadAvatar(userId, picture);
        showToast(t('account:toast.avatarSaved'), 'success');
        host.updateUserInfo({ user_id: userId, nick_name: name, avatar_url: answer.avatar_url });
        // The header and this screen read the picture from the user info.
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey(userId) });
      } catch (error) {
        showToast(t(avatarErrorKey(error)), 'error');
      }
    });
  const latestUpload = useRef(upload);
  useEffect(() => {
    latestUpload.current = upload;
  });

  const desktop = build.hostMode === 'desktop';
  useEffect(() => {
    if (!desktop) return;
    return onHostMessage('uploadAvator', ({ image }) => {
      void dataUrlToBlob(image).then(
        (blob) => latestUpload.current(blob),
        () => showToast(t('account:toast.changeError'), 'error'),
      );
    });
  }, [desktop, t]);

  const choose = () => {
    if (desktop && host.showSelectPhotoDrawer()) return;
    input.current?.click();
  };

  return (
    <Stack align="center" gap="xs">
      <Avatar src={url} alt={t('account:profile.avatarAlt', { name })} size={88} radius={999} color="blue">
        {initial(name)}
      </Avatar>
      <Button variant="light" size="xs" onClick={choose} loading={busy}>
        {t('account:profile.changeAvatar')}
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="avatar-file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (!file) return;
          if (!isAcceptedImageName(file.name)) {
            showToast(t('account:toast.imgWarn'), 'warning', IMG_WARN_MS);
            return;
          }
          void upload(file);
        }}
      />
    </Stack>
  );
}
