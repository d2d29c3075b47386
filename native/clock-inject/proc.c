#include "proc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fail.h"

int task_exited(pid_t pid, pid_t tid) {
  char path[64], stat[512];
  snprintf(path, sizeof path, "/proc/%d/task/%d/stat", (int)pid, (int)tid);
  FILE *file = fopen(path, "r");
  if (file == NULL) return 1;
  size_t n = fread(stat, 1, sizeof stat - 1, file);
  fclose(file);
  stat[n] = '\0';
  const char *state = strrchr(stat, ')');
  return state == NULL || state[1] == '\0' || state[2] == 'Z' || state[2] == 'X';
}

/* "/proc/PID/<what>", or a live thread's when the main thread has exited (its maps and mem are empty then). */
static void task_path(pid_t pid, const char *what, char *path, size_t size) {
  snprintf(path, size, "/proc/%d/%s", (int)pid, what);
  if (!task_exited(pid, pid)) return;
  char tasks[64];
  snprintf(tasks, sizeof tasks, "/proc/%d/task", (int)pid);
  DIR *dir = opendir(tasks);
  for (struct dirent *d; dir != NULL && (d = readdir(dir)) != NULL;) {
    pid_t tid = (pid_t)atoi(d->d_name);
    if (tid > 0 && !task_exited(pid, tid)) {
      snprintf(path, size, "/proc/%d/task/%d/%s", (int)pid, (int)tid, what);
      break;
    }
  }
  if (dir != NULL) closedir(dir);
}

size_t read_maps(pid_t pid, struct mapping **out) {
  char path[128];
  task_path(pid, "maps", path, sizeof path);
  FILE *file = fopen(path, "r");
  if (file == NULL && errno == ENOENT) fail(EXIT_NO_PROCESS, "no process %d", (int)pid);
  if (file == NULL) fail(errno_exit_code(errno, EXIT_NO_PROCESS), "cannot read %s: %s", path, strerror(errno));
  size_t count = 0, capacity = 64;
  struct mapping *maps = malloc(capacity * sizeof *maps);
  char line[512];
  while (maps != NULL && fgets(line, sizeof line, file) != NULL) {
    struct mapping m = {0};
    unsigned long long start, end;
    int name_at = 0;
    if (sscanf(line, "%llx-%llx %4s %*s %*s %*s %n", &start, &end, m.perms, &name_at) < 3) continue;
    m.start = start;
    m.end = end;
    snprintf(m.name, sizeof m.name, "%s", line + name_at);
    m.name[strcspn(m.name, "\n")] = '\0';
    if (count == capacity) maps = realloc(maps, (capacity *= 2) * sizeof *maps);
    if (maps != NULL) maps[count++] = m;
  }
  fclose(file);
  if (maps == NULL) fail(EXIT_INJECT_FAILED, "out of memory reading %s", path);
  *out = maps;
  return count;
}

static int open_mem(pid_t pid, int flags) {
  char path[128];
  task_path(pid, "mem", path, sizeof path);
  int fd = open(path, flags);
  if (fd < 0) fail(errno_exit_code(errno, EXIT_INJECT_FAILED), "cannot open %s: %s", path, strerror(errno));
  return fd;
}

void mem_read(pid_t pid, uint64_t addr, void *buf, size_t n) {
  int fd = open_mem(pid, O_RDONLY);
  ssize_t got = pread(fd, buf, n, (off_t)addr);
  int err = errno;
  close(fd);
  if (got != (ssize_t)n) {
    fail(got < 0 ? errno_exit_code(err, EXIT_INJECT_FAILED) : EXIT_INJECT_FAILED,
         "cannot read %zu bytes at 0x%llx in process %d: %s", n, (unsigned long long)addr, (int)pid,
         got < 0 ? strerror(err) : "short read");
  }
}

void mem_write(pid_t pid, uint64_t addr, const void *buf, size_t n) {
  int fd = open_mem(pid, O_RDWR);
  ssize_t put = pwrite(fd, buf, n, (off_t)addr);
  int err = errno;
  close(fd);
  if (put != (ssize_t)n) {
    fail(put < 0 ? errno_exit_code(err, EXIT_INJECT_FAILED) : EXIT_INJECT_FAILED,
         "cannot write %zu bytes at 0x%llx in process %d: %s", n, (unsigned long long)addr, (int)pid,
         put < 0 ? strerror(err) : "short write");
  }
}

/* The namespace offset for `clock` listed in a timens_offsets file, 0 when none. */
static int64_t listed_offset_ns(const char *path, int clock) {
  FILE *file = fopen(path, "r");
  if (file == NULL) return 0;
  const char *name = clock == CLOCK_BOOTTIME ? "boottime" : "monotonic";
  int id = clock == CLOCK_BOOTTIME ? CLOCK_BOOTTIME : CLOCK_MONOTONIC;
  char label[32];
  long long sec, nsec;
  int64_t offset = 0;
  while (fscanf(file, "%31s %lld %lld", label, &sec, &nsec) == 3) {
    if (strcmp(label, name) == 0 || atoi(label) == id) offset = (int64_t)sec * 1000000000 + nsec;
  }
  fclose(file);
  return offset;
}

int64_t timens_offset_ns(pid_t pid, int clock) {
  if (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE) return 0;
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/timens_offsets", (int)pid);
  return listed_offset_ns(path, clock) - listed_offset_ns("/proc/self/timens_offsets", clock);
}
