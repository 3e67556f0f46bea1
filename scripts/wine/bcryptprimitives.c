/* A stand-in for Windows' bcryptprimitives.dll, for running the Windows build under
 * Debian 12's wine 8, which lacks this DLL: Rust's standard library (since 1.78) imports
 * ProcessPrng from it and the program would exit at once (code 53, no output). Real
 * Windows (10 and later) has the real DLL; this file is for CI only and never shipped.
 * ProcessPrng fills a buffer with random bytes; RtlGenRandom (advapi32's
 * SystemFunction036) does the same and wine has it. */
#include <windows.h>
#include <ntsecapi.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!RtlGenRandom(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
