// translate/dxbc/checksum.h — the DXBC container checksum: MD5's compression
// function over bytes 20..end of the container with DXBC's own final-block padding
// (bit count stored first in the last block, (bytes*2)|1 in its last dword).
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace d3dvk::dxbc {

// Plain RFC 1321 MD5 of `data` (used by tests to check the compression function).
std::array<uint8_t, 16> md5(std::span<const uint8_t> data);

// The four checksum dwords stored at byte offset 4 of a container, computed over
// `container` (the whole container; the first 20 bytes are skipped).
// Requires container.size() >= 20.
std::array<uint32_t, 4> dxbcChecksum(std::span<const uint8_t> container);

}  // namespace d3dvk::dxbc
