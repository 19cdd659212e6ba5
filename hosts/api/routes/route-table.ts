// The API's route table, matched once per request: the route and its path parameters, or the methods the
// path allows (405), or nothing (404). Paths compare as @koa/router compares them: static segments
// case-insensitively, one trailing slash ignored, parameters percent-decoded; HEAD is served by GET routes.
// Hand-written on purpose: it runs on every request (the hot path measured by bench/api-read.bench.ts) and
// answers 404/405 and the access rules from one lookup; test/hosts/api/route-table.test.ts holds it to
// @koa/router's rules for paths.
import type { RouteDef } from "./route.ts";

type Segment = { readonly param: string } | { readonly literal: string };

interface Compiled {
  readonly route: RouteDef;
  readonly methods: readonly string[];
  readonly segments: readonly Segment[];
}

export type RouteMatch =
  | { readonly kind: "route"; readonly route: RouteDef; readonly params: Record<string, string> }
  | { readonly kind: "method_not_allowed"; readonly allowed: readonly string[] }
  | { readonly kind: "not_found" };

const NOT_FOUND: RouteMatch = { kind: "not_found" };

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export class RouteTable {
  /** Routes by their number of path segments. */
  private readonly bySize = new Map<number, Compiled[]>();

  constructor(routes: readonly RouteDef[]) {
    for (const route of routes) {
      const segments = route.path
        .split("/")
        .slice(1)
        .map((s): Segment => (s.startsWith(":") ? { param: s.slice(1) } : { literal: s.toLowerCase() }));
      const method = route.method.toUpperCase();
      const compiled: Compiled = { route, methods: method === "GET" ? ["GET", "HEAD"] : [method], segments };
      const list = this.bySize.get(segments.length) ?? [];
      list.push(compiled);
      this.bySize.set(segments.length, list);
    }
  }

  match(method: string, path: string): RouteMatch {
    if (path.charCodeAt(0) !== 47 /* "/" */) return NOT_FOUND;
    const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
    const parts = trimmed.split("/");
    const candidates = this.bySize.get(parts.length - 1);
    if (!candidates) return NOT_FOUND;
    let allowed: string[] | null = null;
    for (const c of candidates) {
      if (!this.pathMatches(c, parts)) continue;
      if (c.methods.includes(method)) return { kind: "route", route: c.route, params: this.params(c, parts) };
      (allowed ??= []).push(...c.methods);
    }
    return allowed === null
      ? NOT_FOUND
      : { kind: "method_not_allowed", allowed: [...new Set(allowed)].filter((m) => m !== "HEAD") };
  }

  private pathMatches(c: Compiled, parts: readonly string[]): boolean {
    for (let i = 0; i < c.segments.length; i++) {
      const seg = c.segments[i] as Segment;
      const part = parts[i + 1] as string;
      if ("literal" in seg ? part.toLowerCase() !== seg.literal : part.length === 0) return false;
    }
    return true;
  }

  private params(c: Compiled, parts: readonly string[]): Record<string, string> {
    const params: Record<string, string> = {};
    for (let i = 0; i < c.segments.length; i++) {
      const seg = c.segments[i] as Segment;
      if ("param" in seg) params[seg.param] = decode(parts[i + 1] as string);
    }
    return params;
  }
}
