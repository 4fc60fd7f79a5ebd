/* bcryptprimitives.dll for the Windows tests under Wine only: Rust's standard library imports
 * ProcessPrng from it (Windows 10 and later have it), which Wine 8 lacks, so a program exits
 * before main there. This stand-in answers with RtlGenRandom (advapi32's SystemFunction036).
 * It is built into the tests' directory beside the .exe files and never ships: real Windows
 * has the DLL. */
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
