/**
 * A fresh ed25519 key pair in OpenSSH format that ssh2 itself can read.
 * ssh2's `generateKeyPairSync("ed25519")` strips leading zero bytes from
 * the public key, so about one pair in 256 comes out malformed, and
 * `parseKey` (a server's host key, a client's key file) refuses it
 * (mscdex/ssh2#1390, #1513). A pair either half of which does not parse is
 * drawn again.
 */
import type ssh2 from "ssh2";

/** The most draws before giving up (a malformed pair is about 1 in 256: 16 in a row do not happen). */
const MAX_DRAWS = 16;

/** A key pair both of whose halves `utils.parseKey` accepts; throws after MAX_DRAWS malformed draws. */
export function ed25519KeyPair(utils: typeof ssh2.utils): { readonly private: string; readonly public: string } {
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const pair = utils.generateKeyPairSync("ed25519");
    if (!(utils.parseKey(pair.private) instanceof Error) && !(utils.parseKey(pair.public) instanceof Error)) return pair;
  }
  throw new Error(`ssh2 drew ${MAX_DRAWS} malformed ed25519 key pairs in a row`);
}
