import { Transform } from "node:stream";

/**
 * Passes on what is written to it in one chunk per event-loop turn instead of chunk by chunk.
 *
 * React writes a page in pieces of about 2 KB, all in one go once the render is done (a 100 KB
 * catalogue page is some 50 writes). Each went on its own through the deferred hydration's
 * transform, the response's web stream and a socket write: in a profile of `/catalog` renders that
 * per-piece work (stream events, promise hops, one `writev` each) cost more than React's own
 * writing of the bytes (decision 013, fifth pass). Here the pieces of one turn are joined and go on
 * together at the turn's end (`setImmediate`); what React writes later (a streamed Suspense
 * boundary, React Router's data) follows in its own turn, so nothing waits for the whole page.
 */
export function coalescing(): Transform {
  let pending: Uint8Array[] = [];
  let scheduled = false;
  const release = (stream: Transform) => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? (pending[0] as Uint8Array) : Buffer.concat(pending);
    pending = [];
    stream.push(chunk);
  };
  return new Transform({
    transform(chunk: Uint8Array, _encoding, done) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release, this);
      }
      done();
    },
    flush(done) {
      release(this);
      done();
    },
  });
}
