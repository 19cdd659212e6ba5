import { test } from "uvu";
import * as assert from "uvu/assert";
test("arithmetic", () => { assert.is(1 + 1, 2); });
test.run();
