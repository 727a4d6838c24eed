// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

interface IDevSwapToken {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// A swap for the local dev stack only: one constant-product pool of native ETH against each listed
/// ERC-20 (Uniswap v2 math, 0.3% fee), token to token routed through ETH in one call. Only the owner
/// adds liquidity and nothing can be withdrawn: it stands in for a DEX so dev swaps really settle.
contract DevSwap {
    /// How the native coin is named in calls, as swap services name it.
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    address public immutable owner;
    mapping(address => uint256) private ethReserve;
    mapping(address => uint256) private tokenReserve;

    event LiquidityAdded(address indexed token, uint256 eth, uint256 tokenAmount);
    event Swap(address indexed sender, address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut, address to);

    constructor() {
        owner = msg.sender;
    }

    /// The ETH and the token held by `token`'s pool.
    function reserves(address token) external view returns (uint256 eth, uint256 tokenAmount) {
        return (ethReserve[token], tokenReserve[token]);
    }

    /// What `swap` pays for `amountIn` of `tokenIn` at the current reserves.
    function getAmountOut(address tokenIn, address tokenOut, uint256 amountIn) public view returns (uint256) {
        require(tokenIn != tokenOut, "DevSwap: identical tokens");
        if (tokenIn == NATIVE) return _out(amountIn, ethReserve[tokenOut], tokenReserve[tokenOut]);
        if (tokenOut == NATIVE) return _out(amountIn, tokenReserve[tokenIn], ethReserve[tokenIn]);
        return _out(_out(amountIn, tokenReserve[tokenIn], ethReserve[tokenIn]), ethReserve[tokenOut], tokenReserve[tokenOut]);
    }

    /// Swaps `amountIn` of `tokenIn` (sent as value for ETH, else pulled with an allowance) and pays at least `minAmountOut` of `tokenOut` to `to`.
    function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to) external payable returns (uint256 amountOut) {
        require(to != address(0), "DevSwap: swap to the zero address");
        require(msg.value == (tokenIn == NATIVE ? amountIn : 0), "DevSwap: value must equal a native amountIn");
        amountOut = getAmountOut(tokenIn, tokenOut, amountIn);
        require(amountOut >= minAmountOut, "DevSwap: insufficient output");
        if (tokenIn == NATIVE) {
            ethReserve[tokenOut] += amountIn;
            tokenReserve[tokenOut] -= amountOut;
        } else if (tokenOut == NATIVE) {
            tokenReserve[tokenIn] += amountIn;
            ethReserve[tokenIn] -= amountOut;
        } else {
            // The ETH leg moves from the first pool to the second.
            uint256 eth = _out(amountIn, tokenReserve[tokenIn], ethReserve[tokenIn]);
            tokenReserve[tokenIn] += amountIn;
            ethReserve[tokenIn] -= eth;
            ethReserve[tokenOut] += eth;
            tokenReserve[tokenOut] -= amountOut;
        }
        // Reserves first, transfers last: a re-entrant call sees the settled pools.
        if (tokenIn != NATIVE) require(IDevSwapToken(tokenIn).transferFrom(msg.sender, address(this), amountIn), "DevSwap: transfer in failed");
        if (tokenOut == NATIVE) {
            (bool paid, ) = to.call{value: amountOut}("");
            require(paid, "DevSwap: ETH payout failed");
        } else {
            require(IDevSwapToken(tokenOut).transfer(to, amountOut), "DevSwap: transfer out failed");
        }
        emit Swap(msg.sender, tokenIn, tokenOut, amountIn, amountOut, to);
    }

    /// Adds the value sent and `tokenAmount` of `token` (pulled from the owner) to `token`'s pool.
    function addLiquidity(address token, uint256 tokenAmount) external payable {
        require(msg.sender == owner, "DevSwap: only the owner adds liquidity");
        require(token != NATIVE && token != address(0), "DevSwap: not a token");
        require(msg.value > 0 && tokenAmount > 0, "DevSwap: empty liquidity");
        ethReserve[token] += msg.value;
        tokenReserve[token] += tokenAmount;
        require(IDevSwapToken(token).transferFrom(msg.sender, address(this), tokenAmount), "DevSwap: transfer in failed");
        emit LiquidityAdded(token, msg.value, tokenAmount);
    }

    function _out(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) private pure returns (uint256) {
        require(amountIn > 0, "DevSwap: zero input");
        require(reserveIn > 0 && reserveOut > 0, "DevSwap: no pool for this pair");
        uint256 withFee = amountIn * 997;
        return (withFee * reserveOut) / (reserveIn * 1000 + withFee);
    }
}
