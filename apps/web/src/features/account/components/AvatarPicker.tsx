import { Avatar, Button, Stack } from '@mantine/core';
import { AccountErrors } from '@account-centre/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast';
import { currentUserQueryKey } from '../../../lib/user/current-user';
import { errorText } from '../../../lib/api';
import { useBuildContext } from '../../../lib/build-context';
import { host, onHostMessage } from '../../../lib/host-bridge';
import { lazyWithTexts, loadNamespace } from '../../../lib/i18n';
import type { SourceRect } from '../crop-geometry';
import { isAcceptedImageName } from '../profile-rules';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';

const IMG_WARN_MS = 1500;
const ACCEPT = '.gif,.jpg,.jpeg,.png,.bmp,image/gif,image/jpeg,image/png,image/bmp';
const CROPPER_NAMESPACE = 'accountCropper';

const loadCropper = () => import('./AvatarCropper').then((m) => m.AvatarCropper);
const AvatarCropper = lazyWithTexts(loadCropper, CROPPER_NAMESPACE);
// Decoding, encoding and the upload call are needed once a picture is picked, not to show the
// avatar: they load with the cropper (docs/bundle-budget.md).
const loadPictureTools = () => import('../avatar-image');
const loadUpload = () => import('../api/upload-avatar').then((m) => m.uploadAvatar);

/**
 * Starts downloading the cropper, its texts and the picture tools while the visitor is still
 * choosing a file, so it opens at once. A failure is ignored here: using them tries again and
 * shows it.
 */
function preloadCropper() {
  Promise.all([loadCropper(), loadNamespace(CROPPER_NAMESPACE), loadPictureTools(), loadUpload()]).catch(() => {});
}

/** Spec 01 §8: code 2 sensitiveVerb, a picture refused its own hint, a failure of no text of its own changeError. */
const avatarErrors = { domains: [AccountErrors], fallback: 'account:toast.changeError' };

/** First letter of the name (a whole character, so an emoji or CJK name works too). */
export function initial(name: string): string {
  return ([...name.trim()][0] ?? '?').toUpperCase();
}

/**
 * The avatar and its change button (spec 01 §5 "Avatar"). In a desktop client the client's own
 * photo picker is used (showSelectPhotoDrawer, answered by uploadAvator); elsewhere a file input.
 * Either way the picture opens in the cropper, and only the part kept there is encoded and
 * uploaded.
 */
export function AvatarPicker({ userId, name, url }: { userId: number; name: string; url: string | null }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const build = useBuildContext();
  const queryClient = useQueryClient();
  const [busy, run] = useSingleFlight();
  /** The picture in the cropper; each new one gets a new key, so the cropper starts afresh. */
  const [cropping, setCropping] = useState<{ image: HTMLImageElement; key: number } | null>(null);
  const picks = useRef(0);

  /** Decodes a picked picture and opens it in the cropper; one the browser cannot read is refused. */
  const open = (source: Blob | string) =>
    loadPictureTools().then(
      ({ loadImage }) =>
        loadImage(source).then(
          (image) => setCropping({ image, key: ++picks.current }),
          () => showToast(t('account:toast.imgWarn'), 'warning', IMG_WARN_MS),
        ),
      // The tools' code did not arrive (offline): not the picture's fault.
      () => showToast(t('account:toast.changeError'), 'error'),
    );
  const latestOpen = useRef(open);
  useEffect(() => {
    latestOpen.current = open;
  });

  const save = (image: HTMLImageElement, crop: SourceRect) =>
    run(async () => {
      try {
        const [{ encodeAvatar }, uploadAvatar] = await Promise.all([loadPictureTools(), loadUpload()]);
        const picture = await encodeAvatar(image, crop);
        const answer = await uploadAvatar(userId, picture);
        setCropping(null);
        showToast(t('account:toast.avatarSaved'), 'success');
        host.updateUserInfo({ user_id: userId, nick_name: name, avatar_url: answer.avatar_url });
        // The header and this screen read the picture from the user info.
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey(userId) });
      } catch (error) {
        // The cropper stays open, so the visitor can try again or cancel.
        showToast(errorText(t, error, avatarErrors), 'error');
      }
    });

  const desktop = build.hostMode === 'desktop';
  useEffect(() => {
    if (!desktop) return;
    return onHostMessage('uploadAvator', ({ image }) => void latestOpen.current(image));
  }, [desktop]);

  const choose = () => {
    preloadCropper();
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
          // Spec 01 §5: the extension is checked before anything else (imgWarn, 1500 ms).
          if (!isAcceptedImageName(file.name)) {
            showToast(t('account:toast.imgWarn'), 'warning', IMG_WARN_MS);
            return;
          }
          void open(file);
        }}
      />
      {cropping && (
        <Suspense fallback={null}>
          <AvatarCropper
            key={cropping.key}
            image={cropping.image}
            busy={busy}
            onCancel={() => setCropping(null)}
            onSave={(crop) => void save(cropping.image, crop)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
