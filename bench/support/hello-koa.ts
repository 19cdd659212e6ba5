// The baseline: a bare Koa hello-world on the same machine.
import Koa from "koa";
const app = new Koa();
app.use((ctx) => {
  ctx.body = { hello: "world" };
});
app.listen(Number(process.env["PORT"] ?? 3999), "127.0.0.1");
// Exit on the bench's SIGTERM through process.exit, so BENCH_CPU_PROF gets this process's profile too.
process.on("SIGTERM", () => process.exit(0));
