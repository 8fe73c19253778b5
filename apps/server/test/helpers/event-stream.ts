import { hostOf, type SignedInUser } from './users.js';

/** A checkout's event stream read as a pay screen reads it, over a real connection. */
export interface CheckoutStream {
  /** The content type the server answered with. */
  contentType: string | null;
  /** Everything received so far. */
  text(): string;
  /** Reads until the stream has carried `marker` (or ended). */
  readUntil(marker: string): Promise<void>;
  /** Whether the server has ended the stream (reads what is left first). */
  ended(): Promise<boolean>;
}

export async function openCheckoutStream(
  origin: string,
  user: Pick<SignedInUser, 'userId' | 'token'>,
  outTradeNo: string,
): Promise<CheckoutStream> {
  const response = await fetch(`${origin}/api/user/${user.userId}/pay/checkout/${outTradeNo}/events`, {
    headers: { authorization: `Bearer ${user.token}`, host: hostOf('domestic') },
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  let done = false;
  const readOnce = async () => {
    const chunk = await reader.read();
    if (chunk.done) done = true;
    else received += decoder.decode(chunk.value);
  };
  return {
    contentType: response.headers.get('content-type'),
    text: () => received,
    readUntil: async (marker) => {
      while (!done && !received.includes(marker)) await readOnce();
    },
    ended: async () => {
      while (!done) await readOnce();
      return true;
    },
  };
}
