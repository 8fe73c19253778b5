import { Avatar } from '@mantine/core';
import { useCurrentUser } from '../../lib/user/current-user';

/**
 * What the header's stand-ins (HeaderTriggers.tsx) and the real parts they stand in for
 * (interactive-parts.ts) both draw, so the switch from one to the other shows no change.
 */

export function ChevronIcon() {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      aria-hidden="true"
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/** The first character of the nickname, for an avatar without a picture (emoji-safe). */
export function initialOf(nickName: string | null | undefined): string {
  const first = Array.from(nickName?.trim() ?? '')[0];
  return first ? first.toUpperCase() : '';
}

/** The signed-in user's picture, or the nickname's first character. */
export function UserAvatar() {
  // The shell's user query: one request serves the header and the screens.
  const { data: user } = useCurrentUser();
  const nickName = user?.nick_name ?? '';
  return (
    <Avatar src={user?.avatar_url ?? null} alt={nickName} radius="xl" size={34} color="blue">
      {initialOf(nickName)}
    </Avatar>
  );
}
