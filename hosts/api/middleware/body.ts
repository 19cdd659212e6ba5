// Reads the request body with a size limit before parsing (D9: JSON up to 5 MB, FIRE files up to 12 MB).
import { InvalidRequest, MalformedRequest, PayloadTooLarge } from "../../../core/domain/shared/errors.ts";
import { findUnstorableText, jsonTextMayHoldUnstorable } from "../../../core/domain/shared/validation.ts";
import type { ApiContext } from "../http.ts";

export const JSON_LIMIT = 5 * 1024 * 1024;
export const FIRE_LIMIT = 12 * 1024 * 1024;

export async function readRaw(ctx: ApiContext, limit: number, what: string): Promise<Buffer> {
  const declared = Number(ctx.get("Content-Length") || "0");
  if (declared > limit) {
    ctx.req.resume();
    throw new PayloadTooLarge({ message: `${what} is ${declared} bytes; the limit is ${limit} bytes.` });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      ctx.req.resume();
      throw new PayloadTooLarge({ message: `${what} exceeds the limit of ${limit} bytes.` });
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

/** Methods whose requests carry no body to read. */
const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Parses a JSON body for write methods; raw-body routes (FIRE import) get the bytes, up to 12 MB. Returns null at
 * once (no promise to wait for) for methods that carry no body.
 */
export function jsonBody(rawPaths: RegExp) {
  const read = async (ctx: ApiContext): Promise<void> => {
    if (rawPaths.test(ctx.path)) {
      ctx.state.rawBody = await readRaw(ctx, FIRE_LIMIT, "The file");
      return;
    }
    const raw = await readRaw(ctx, JSON_LIMIT, "The request body");
    ctx.state.rawBody = raw;
    const text = raw.toString("utf8");
    if (/^\s*$/.test(text)) {
      ctx.state.body = undefined;
    } else {
      try {
        ctx.state.body = JSON.parse(text);
      } catch {
        throw new MalformedRequest({ message: "The request body is not valid JSON." });
      }
      // The walk over every string and key of a 1,000-form body is skipped when its text cannot hold a NUL or a
      // lone surrogate (one scan of the text instead of a path string per field).
      const bad = jsonTextMayHoldUnstorable(text) ? findUnstorableText(ctx.state.body) : null;
      if (bad) throw new InvalidRequest(bad);
    }
  };
  return (ctx: ApiContext): Promise<void> | null => (BODYLESS.has(ctx.method) ? null : read(ctx));
}

/** Path parameters and query values get the same text rule as bodies (a `%00` in an id is a 422, not a 500). */
export function checkUrlText(ctx: ApiContext): void {
  const bad =
    findUnstorableText(ctx.params) ?? (ctx.querystring === "" ? null : findUnstorableText(ctx.query));
  if (bad) throw new InvalidRequest(bad);
}
