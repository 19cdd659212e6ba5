// The throttle rule (issue 38), pure: counting in a window from the first failure, the lock at the limit for one
// whole window from the failure that reached it, nothing counted or extended while locked, Retry-After seconds.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  afterFailure,
  isLocked,
  retryAfterSeconds,
  type ThrottleState,
} from "../../../../core/domain/security/throttle.ts";

const t0 = Date.UTC(2026, 11, 5, 9);
const at = (s: number) => new Date(t0 + s * 1000);
const rule = { limit: 3, windowSeconds: 100 };
const fail = (times: readonly number[]) =>
  times.reduce<ThrottleState | undefined>((s, t) => afterFailure(s, rule, at(t)), undefined);

test("failures count from the first; the one at the limit locks for a whole window from itself", () => {
  assert.equal(fail([0]), { failures: 1, windowStartedAt: at(0).toISOString(), lockedUntil: null });
  assert.equal(fail([0, 50]), { failures: 2, windowStartedAt: at(0).toISOString(), lockedUntil: null });
  const locked = fail([0, 50, 99]);
  assert.equal(locked, {
    failures: 3,
    windowStartedAt: at(0).toISOString(),
    lockedUntil: at(199).toISOString(),
  });
  assert.ok(isLocked(locked, at(198)));
  assert.not.ok(isLocked(locked, at(199)));
});

test("a window that passed below the limit starts again at the next failure", () => {
  assert.equal(fail([0, 50, 100]), {
    failures: 1,
    windowStartedAt: at(100).toISOString(),
    lockedUntil: null,
  });
});

test("while locked a failure changes nothing; after the lock a new window starts", () => {
  const locked = fail([0, 1, 2]) as ThrottleState;
  assert.is(afterFailure(locked, rule, at(50)), locked);
  assert.equal(afterFailure(locked, rule, at(102)), {
    failures: 1,
    windowStartedAt: at(102).toISOString(),
    lockedUntil: null,
  });
});

test("Retry-After: whole seconds up to the lock's end, at least 1; 0 when not locked", () => {
  const locked = fail([0, 1, 2]);
  assert.is(retryAfterSeconds(locked, at(2)), 100);
  assert.is(retryAfterSeconds(locked, new Date(t0 + 101_500)), 1);
  assert.is(retryAfterSeconds(locked, new Date(t0 + 101_999)), 1);
  assert.is(retryAfterSeconds(locked, at(102)), 0);
  assert.is(retryAfterSeconds(undefined, at(0)), 0);
  assert.is(retryAfterSeconds(fail([0]), at(0)), 0);
});

test("a limit of 1 locks at the first failure", () => {
  assert.ok(isLocked(afterFailure(undefined, { limit: 1, windowSeconds: 10 }, at(0)), at(5)));
});

test.run();
