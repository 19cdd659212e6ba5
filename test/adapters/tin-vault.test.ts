// The TIN vault (D6): AES-256-GCM at rest with a fresh nonce per seal, and a keyed hash for matching.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { makeTinVault } from "../../adapters/system/system.ts";
import { Tin } from "../../core/domain/shared/tin.ts";

const vault = makeTinVault("test-only-vault-secret");
const tin = Tin.fromDigits("123456789");

test("seal then open gives the TIN back; the hash is the keyed hash, computed the same way each time", () => {
  const sealed = vault.seal(tin);
  assert.is(vault.open(sealed.ciphertext).reveal(), "123456789");
  assert.is(sealed.last4, "6789");
  assert.is(sealed.hash, vault.hash(tin));
  assert.is(sealed.hash, vault.hash(Tin.fromDigits("123456789")));
  assert.is.not(vault.hash(Tin.fromDigits("123456780")), sealed.hash);
  assert.not.ok(sealed.ciphertext.includes("123456789"));
});

test("every seal uses a fresh nonce: thousands of seals of one TIN are all different and all open", () => {
  const seen = new Set<string>();
  const nonces = new Set<string>();
  for (let i = 0; i < 5000; i++) {
    const c = vault.seal(tin).ciphertext;
    seen.add(c);
    nonces.add(Buffer.from(c.slice(3), "base64").subarray(0, 12).toString("hex"));
    if (i % 997 === 0) assert.is(vault.open(c).reveal(), "123456789");
  }
  assert.is(seen.size, 5000);
  assert.is(nonces.size, 5000);
});

test("another secret neither opens the ciphertext nor gives the same hash; a tampered ciphertext does not open", () => {
  const other = makeTinVault("another-secret");
  const c = vault.seal(tin).ciphertext;
  assert.throws(() => other.open(c));
  assert.is.not(other.hash(tin), vault.hash(tin));
  const raw = Buffer.from(c.slice(3), "base64");
  raw[raw.length - 1] = (raw[raw.length - 1] as number) ^ 1;
  assert.throws(() => vault.open(`v1:${raw.toString("base64")}`));
});

test.run();
