/* A slower disk for the benchmark's redis-server (bench/slow_disk.py builds and preloads it):
 * each fsync/fdatasync waits LOREKEEPER_SLOW_FSYNC_US microseconds more, then flushes.
 * Nothing else of the process is touched (strace, tried before, stopped Redis at every
 * system call). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

static long delay_us = -1;

static void wait_more(void) {
    if (delay_us < 0) {
        const char *text = getenv("LOREKEEPER_SLOW_FSYNC_US");
        delay_us = text ? atol(text) : 0;
    }
    if (delay_us > 0) {
        struct timespec t = {delay_us / 1000000, (delay_us % 1000000) * 1000};
        while (nanosleep(&t, &t) != 0) {
        }
    }
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    wait_more();
    return real(fd);
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    wait_more();
    return real(fd);
}
