import type { Address, Hex } from 'viem'

/**
 * Hand-assembled EVM bytecode for a minimal EIP-1271 wallet (no compiler here): its
 * `isValidSignature(bytes32 hash, bytes signature)` ecrecovers a 65-byte r‖s‖v signature and
 * answers the magic value 0x1626ba7e when the signer is `owner`, zero otherwise.
 * @example const runtime = erc1271Runtime(ANVIL_ACCOUNTS[0].address)
 */
export function erc1271Runtime(owner: Address): Hex {
  const ops = [
    '600435', '600052', // mem[0x00] = hash (calldata 0x04)
    '60a435', '60f81c', '602052', // mem[0x20] = v (first byte of the word at 0x04+0x20+0x20+0x20+0x40)
    '606435', '604052', // mem[0x40] = r
    '608435', '606052', // mem[0x60] = s
    '6020', '6080', '6080', '6000', '6001', '5a', 'fa', '50', // staticcall(gas, ecrecover, 0, 0x80, 0x80, 0x20)
    '608051', `73${owner.slice(2).toLowerCase()}`, '14', // mload(0x80) == owner
    '631626ba7e', '60e01b', '02', // ... times (magic << 224)
    '600052', '6020', '6000', 'f3', // return mem[0x00..0x20]
  ]
  return `0x${ops.join('')}`
}

/** Creation code that deploys `runtime` as is (CODECOPY it to memory and return it). */
export function deployCode(runtime: Hex): Hex {
  const length = (runtime.length - 2) / 2
  if (length > 0xff) throw new Error('runtime too long for this tiny constructor')
  const size = length.toString(16).padStart(2, '0')
  return `0x60${size}80600b6000396000f3${runtime.slice(2)}`
}

/** Anvil's preinstalled deterministic CREATE2 deployer: calldata is salt ‖ creation code. */
export const CREATE2_FACTORY: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
