import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../app/user/current-user';
import { useBuildContext } from '../../../lib/build-context';
import { SecurityRow } from './SecurityRow';

/** Third-party sign-in methods (spec 01 §2): WeChat, hidden in the banhref build. */
export function IdentityRows({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const build = useBuildContext();
  if (build.region !== 'domestic' || build.banhref) return null;
  return (
    <SecurityRow
      label={t('account:security.wechat')}
      value={
        <Badge variant="light" color={user.weixin ? 'green' : 'gray'}>
          {user.weixin ? t('account:security.bound') : t('account:security.unbound')}
        </Badge>
      }
    />
  );
}
