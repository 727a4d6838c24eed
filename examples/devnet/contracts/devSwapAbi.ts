import { parseAbi } from 'viem'

/** The part of DevSwap.sol the service calls (a test checks it against the compiled ABI). */
export const devSwapAbi = parseAbi([
  'function reserves(address token) view returns (uint256 eth, uint256 tokenAmount)',
  'function getAmountOut(address tokenIn, address tokenOut, uint256 amountIn) view returns (uint256)',
  'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to) payable returns (uint256 amountOut)',
])
