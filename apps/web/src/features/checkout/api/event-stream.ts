/** One event of a `text/event-stream`: its type (`message` when the server names none) and data. */
export interface StreamEvent {
  type: string;
  data: string;
}

export interface EventStreamHandlers {
  /** Called for each event as it arrives; returning true stops reading (nothing more is wanted). */
  onEvent: (event: StreamEvent) => boolean | void;
  /** Called for each comment line: the server's heartbeat, which says the connection is alive. */
  onComment?: () => void;
}

/**
 * Reads an event stream as the HTML standard's parser does: lines end in LF, CR or CRLF, a blank
 * line ends an event, `event:` names it, `data:` lines are joined by newlines, a leading `:`
 * marks a comment, and an event cut off by the end of the stream is dropped. Resolves when the
 * stream ends or a handler has had enough; rejects when reading fails (a dropped connection).
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, handlers: EventStreamHandlers) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  let type = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      let text = rest + decoder.decode(value, { stream: !done });
      // A CR at the end may be the first half of a CRLF: it waits for what follows.
      const heldCr = !done && text.endsWith('\r');
      if (heldCr) text = text.slice(0, -1);
      const lines = text.split(/\r\n|\r|\n/);
      rest = done ? '' : `${lines.pop() ?? ''}${heldCr ? '\r' : ''}`;
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0 && handlers.onEvent({ type: type || 'message', data: data.join('\n') })) return;
          type = '';
          data = [];
        } else if (line.startsWith(':')) {
          handlers.onComment?.();
        } else {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const fieldValue = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') type = fieldValue;
          else if (field === 'data') data.push(fieldValue);
        }
      }
      if (done) return;
    }
  } finally {
    // Stops the download when reading ends early; a stream already closed or failed ignores it.
    reader.cancel().catch(() => undefined);
  }
}
