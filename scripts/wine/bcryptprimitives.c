/* Wine 8.0 (Debian 12) has no bcryptprimitives.dll, whose ProcessPrng Rust's standard library
 * calls for random bytes since Rust 1.78: without it every Rust .exe exits at start (code 53).
 * This stub exports ProcessPrng and forwards to advapi32's SystemFunction036 (RtlGenRandom),
 * which Wine has. Wine 8.13 and later ship the real DLL; Windows always has it. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
