// A browser's cookies over fetch, for the portal's HTTP tests (issues 39 and 40): forms posted as a browser posts
// them, cookies kept, redirects not followed.
/** A browser's cookies over fetch, redirects not followed. */
export class Browser {
  readonly jar = new Map<string, string>();
  constructor(readonly base: string) {}
  async go(method: string, path: string, form?: Record<string, string>) {
    const res = await fetch(this.base + path, {
      method,
      redirect: "manual",
      headers: {
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "),
        "user-agent": "portal-test",
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair?.indexOf("=") ?? -1;
      if (!pair || i < 0) continue;
      const value = pair.slice(i + 1);
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(pair.slice(0, i));
      else this.jar.set(pair.slice(0, i), value);
    }
    const type = res.headers.get("content-type") ?? "";
    const body = type.includes("pdf") ? new Uint8Array(await res.arrayBuffer()) : await res.text();
    return { status: res.status, headers: res.headers, body, text: typeof body === "string" ? body : "" };
  }
  csrf() {
    return this.jar.get("portal_csrf") ?? "";
  }
}
