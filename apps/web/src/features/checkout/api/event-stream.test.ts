import { describe, expect, it, vi } from 'vitest';
import { type StreamEvent, readEventStream } from './event-stream';

/** A body that delivers the chunks one by one, as a network splits them. */
function bodyOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function eventsOf(...chunks: string[]) {
  const events: StreamEvent[] = [];
  const onComment = vi.fn();
  await readEventStream(bodyOf(...chunks), { onEvent: (event) => void events.push(event), onComment });
  return { events, comments: onComment.mock.calls.length };
}

describe('reading an event stream', () => {
  it('gives each event with its type and data, and counts the heartbeat comments', async () => {
    const { events, comments } = await eventsOf(
      'id: created\nevent: checkout\ndata: {"state":"created"}\n\n',
      ': alive\n\n',
      'event: checkout\ndata: {"state":"fulfilled"}\n\n',
    );
    expect(events).toEqual([
      { type: 'checkout', data: '{"state":"created"}' },
      { type: 'checkout', data: '{"state":"fulfilled"}' },
    ]);
    expect(comments).toBe(1);
  });

  it('puts together lines and characters split across chunks, whatever the line ends', async () => {
    const { events } = await eventsOf('event: check', 'out\r', '\ndata: {"a":', '1}\r\n\r', '\ndata:x\ndata: y\r\r');
    expect(events).toEqual([
      { type: 'checkout', data: '{"a":1}' },
      { type: 'message', data: 'x\ny' },
    ]);
    // A character of several bytes cut in two arrives whole.
    const bytes = new TextEncoder().encode('data: 支付\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 8));
        controller.enqueue(bytes.slice(8));
        controller.close();
      },
    });
    const split: StreamEvent[] = [];
    await readEventStream(body, { onEvent: (event) => void split.push(event) });
    expect(split).toEqual([{ type: 'message', data: '支付' }]);
  });

  it('drops an event the end of the stream cut off', async () => {
    expect((await eventsOf('data: whole\n\n', 'event: checkout\ndata: half')).events).toEqual([
      { type: 'message', data: 'whole' },
    ]);
  });

  it('stops reading when the handler has had enough', async () => {
    const seen: string[] = [];
    await readEventStream(bodyOf('data: 1\n\ndata: 2\n\ndata: 3\n\n'), {
      onEvent: (event) => {
        seen.push(event.data);
        return event.data === '2';
      },
    });
    expect(seen).toEqual(['1', '2']);
  });

  it('fails when the connection drops', async () => {
    // What arrived before the drop is read; then the read fails.
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(new TextEncoder().encode('data: 1\n\n'));
        else controller.error(new TypeError('network error'));
      },
    });
    const seen: string[] = [];
    await expect(readEventStream(body, { onEvent: (event) => void seen.push(event.data) })).rejects.toThrow(
      'network error',
    );
    expect(seen).toEqual(['1']);
  });
});
