/*
 * fencecheck-lazyfs: a pass-through FUSE file system with its own write
 * cache, after Jepsen's lazyfs. Writes and truncations stay in this
 * process's memory until the file is fsynced (fsync or fdatasync); a file
 * created here stays "unsynced" until it, or its directory, is fsynced.
 * `clear-cache` on stdin drops everything unsynced: the pages, the sizes,
 * and the files created since their last sync; what remains is what a
 * machine would find on its disk after losing power.
 *
 * Usage: fencecheck-lazyfs <backing-dir> <mount-point> [<name>]
 * <name> (letters, digits, '-', '_'; default fencecheck-lazyfs) is the
 * mount's source in /proc/mounts: the harness names each run's mounts
 * after the run, so `fencecheck clean --run-id` finds the mounts a killed
 * run left behind. Prints "ready" once mounted. Reads commands from stdin, one per line:
 *   clear-cache -> "cleared files=F pages=P bytes=B writes=W oldest_ms=M removed=R"
 *   stats       -> "stats files=F pages=P bytes=B writes=W oldest_ms=M"
 * (oldest_ms: how long ago the oldest unsynced write was made; -1 if none).
 * On end of stdin (the harness closed it, or died) it unmounts and exits.
 *
 * Limits: metadata other than creation (mkdir, rename, unlink, link,
 * chmod, utimens) reaches the backing directory at once, so it is durable
 * without a sync; fallocate is passed through. The process never does I/O
 * on its own mount point: only on the backing directory.
 *
 * It runs as root, and what it serves is a node's data folder, which the
 * service under test writes: every backing path is resolved beneath the
 * backing directory with no symbolic link on the way (openat2 with
 * RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS for the folder, then the *at calls
 * with O_NOFOLLOW / AT_SYMLINK_NOFOLLOW for the last name), so a link a
 * service swaps in never leads it outside. A kernel without openat2
 * (before Linux 5.6) is refused at start (exit 254).
 */
#define FUSE_USE_VERSION 31
#define _GNU_SOURCE
#include <fuse.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>
#include <time.h>
#include <stdint.h>
#include <unistd.h>

#define PAGE 4096
#define NBUCKETS 1024
#define CACHE_TIMEOUT_S 1.0

struct page { off_t idx; struct page *next; char data[PAGE]; };

/* The unsynced state of one file (by backing inode). */
struct fcache {
  ino_t ino;
  off_t size;     /* the size readers see */
  off_t low;      /* the smallest size since the last sync: backing bytes beyond are gone */
  long writes;
  size_t npages;
  double first_dirty_ms;
  struct page *buckets[NBUCKETS];
  struct fcache *next;
};

/* A file created here and not yet synced; `path` is its path in the mount ("/dir/name"). */
struct created { ino_t ino; char *path; struct created *next; };

static const char *backing;
static int backing_fd = -1;
static struct fcache *files;
static struct created *created;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t main_thread;

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The folder of `dir` (relative) beneath the backing directory, no symbolic link on the way: an O_PATH fd, or -errno. */
static int beneath(const char *dir) {
  struct open_how how = { .flags = O_PATH | O_DIRECTORY | O_CLOEXEC, .resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS };
  long fd = syscall(SYS_openat2, backing_fd, dir, &how, sizeof how);
  return fd < 0 ? -errno : (int)fd;
}

/*
 * Opens the folder that holds the last name of `path` (a path in the mount,
 * "/a/b"), resolved beneath the backing directory; sets *name to that last
 * name ("." for the root). Returns the folder's fd, or -errno.
 */
static int parent_at(const char *path, const char **name) {
  const char *slash = strrchr(path, '/');
  char dir[PATH_MAX];
  if (!slash || slash[1] == 0) { *name = "."; return beneath("."); }
  size_t n = (size_t)(slash - path);
  if (n >= PATH_MAX) return -ENAMETOOLONG;
  if (n <= 1) strcpy(dir, ".");
  else { memcpy(dir, path + 1, n - 1); dir[n - 1] = 0; }
  *name = slash + 1;
  return beneath(dir);
}

/* Declares `dfd` and `name` for `path`, returning -errno from the caller when its folder cannot be resolved. */
#define AT(path, name, dfd) const char *name; int dfd = parent_at(path, &name); if (dfd < 0) return dfd
/* Closes `dfd` and turns a call's result (0 or -1 with errno) into FUSE's (0 or -errno). */
static int done(int dfd, int r) { int e = errno; close(dfd); return r ? -e : 0; }

static struct fcache *find_cache(ino_t ino) {
  for (struct fcache *c = files; c; c = c->next) if (c->ino == ino) return c;
  return NULL;
}

static struct fcache *cache_for(int fd) {
  struct stat st;
  if (fstat(fd, &st) != 0) return NULL;
  struct fcache *c = find_cache(st.st_ino);
  if (c) return c;
  c = calloc(1, sizeof *c);
  c->ino = st.st_ino;
  c->size = c->low = st.st_size;
  c->first_dirty_ms = now_ms();
  c->next = files;
  files = c;
  return c;
}

static struct page **slot(struct fcache *c, off_t idx) {
  struct page **p = &c->buckets[(size_t)idx % NBUCKETS];
  while (*p && (*p)->idx != idx) p = &(*p)->next;
  return p;
}

static void free_cache(struct fcache *c) {
  for (int b = 0; b < NBUCKETS; b++) {
    struct page *p = c->buckets[b];
    while (p) { struct page *n = p->next; free(p); p = n; }
  }
  free(c);
}

static void drop_cache(ino_t ino) {
  for (struct fcache **c = &files; *c; c = &(*c)->next) {
    if ((*c)->ino == ino) { struct fcache *d = *c; *c = d->next; free_cache(d); return; }
  }
}

/* Reads backing bytes [off, off+len) of a page, zeros past `low` or a short read. */
static void read_backing(int fd, off_t low, off_t off, char *buf, size_t len) {
  memset(buf, 0, len);
  if (off >= low) return;
  size_t want = (off_t)len > low - off ? (size_t)(low - off) : len;
  ssize_t got = pread(fd, buf, want, off);
  (void)got;
}

static void forget_created(ino_t ino) {
  for (struct created **p = &created; *p; p = &(*p)->next) {
    if ((*p)->ino == ino) { struct created *d = *p; *p = d->next; free(d->path); free(d); return; }
  }
}

/* Writes a file's cached pages and size to the backing file and syncs it. */
static int write_back(int fd, int datasync) {
  struct stat st;
  if (fstat(fd, &st) != 0) return -errno;
  struct fcache *c = find_cache(st.st_ino);
  if (c) {
    if (c->low < st.st_size && ftruncate(fd, c->low) != 0) return -errno;
    for (int b = 0; b < NBUCKETS; b++) {
      for (struct page *p = c->buckets[b]; p; p = p->next) {
        off_t off = p->idx * PAGE;
        if (off >= c->size) continue;
        size_t len = c->size - off < PAGE ? (size_t)(c->size - off) : PAGE;
        if (pwrite(fd, p->data, len, off) != (ssize_t)len) return errno ? -errno : -EIO;
      }
    }
    if (ftruncate(fd, c->size) != 0) return -errno;
    drop_cache(st.st_ino);
  }
  forget_created(st.st_ino);
  if ((datasync ? fdatasync(fd) : fsync(fd)) != 0) return -errno;
  return 0;
}

static void *fs_init(struct fuse_conn_info *conn, struct fuse_config *cfg) {
  (void)conn;
  cfg->use_ino = 1;
  cfg->hard_remove = 1;
  cfg->nullpath_ok = 1;
  /* The kernel may keep names and attributes this long: clear-cache waits it out before it answers. */
  cfg->attr_timeout = CACHE_TIMEOUT_S;
  cfg->entry_timeout = CACHE_TIMEOUT_S;
  cfg->negative_timeout = 0;
  cfg->kernel_cache = 0;
  return NULL;
}

static void apply_size(struct stat *st) {
  struct fcache *c = find_cache(st->st_ino);
  if (c && S_ISREG(st->st_mode)) st->st_size = c->size;
}

static int fs_getattr(const char *path, struct stat *st, struct fuse_file_info *fi) {
  if (fi) { if (fstat(fi->fh, st) != 0) return -errno; apply_size(st); return 0; }
  AT(path, name, dfd);
  int r = done(dfd, fstatat(dfd, name, st, AT_SYMLINK_NOFOLLOW));
  if (r == 0) apply_size(st);
  return r;
}

static int fs_access(const char *path, int mask) { AT(path, name, dfd); return done(dfd, faccessat(dfd, name, mask, AT_SYMLINK_NOFOLLOW)); }
static int fs_readlink(const char *path, char *buf, size_t size) {
  AT(path, name, dfd);
  ssize_t n = readlinkat(dfd, name, buf, size - 1);
  int r = done(dfd, n < 0 ? -1 : 0);
  if (r == 0) buf[n] = 0;
  return r;
}

static int fs_opendir(const char *path, struct fuse_file_info *fi) {
  AT(path, name, dfd);
  int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  int r = done(dfd, fd < 0 ? -1 : 0);
  if (r) return r;
  DIR *d = fdopendir(fd);
  if (!d) { r = -errno; close(fd); return r; }
  fi->fh = (uint64_t)(uintptr_t)d;
  return 0;
}

static int fs_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off, struct fuse_file_info *fi, enum fuse_readdir_flags flags) {
  (void)path; (void)flags;
  DIR *d = (DIR *)(uintptr_t)fi->fh;
  seekdir(d, off);
  struct dirent *e;
  while ((e = readdir(d))) {
    struct stat st = { .st_ino = e->d_ino, .st_mode = (mode_t)e->d_type << 12 };
    if (fill(buf, e->d_name, &st, telldir(d), 0)) break;
  }
  return 0;
}

static int fs_releasedir(const char *path, struct fuse_file_info *fi) { (void)path; closedir((DIR *)(uintptr_t)fi->fh); return 0; }

static int fs_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi);

/* A new entry belongs to the caller, as on a disk (this server runs as root). */
static int own(int dfd, const char *name) {
  struct fuse_context *ctx = fuse_get_context();
  return fchownat(dfd, name, ctx->uid, ctx->gid, AT_SYMLINK_NOFOLLOW) ? -errno : 0;
}

static int fs_mkdir(const char *path, mode_t mode) {
  AT(path, name, dfd);
  int r = mkdirat(dfd, name, mode) ? -errno : own(dfd, name);
  close(dfd);
  return r;
}
static int fs_rmdir(const char *path) { AT(path, name, dfd); return done(dfd, unlinkat(dfd, name, AT_REMOVEDIR)); }
static int fs_symlink(const char *to, const char *path) {
  AT(path, name, dfd);
  int r = symlinkat(to, dfd, name) ? -errno : own(dfd, name);
  close(dfd);
  return r;
}

/* Drops the cache of a file whose last name is about to go. */
static void forget_if_last(int dfd, const char *name) {
  struct stat st;
  if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) && st.st_nlink <= 1) { drop_cache(st.st_ino); forget_created(st.st_ino); }
}

static int fs_unlink(const char *path) {
  AT(path, name, dfd);
  forget_if_last(dfd, name);
  return done(dfd, unlinkat(dfd, name, 0));
}

static int fs_rename(const char *from, const char *to, unsigned int flags) {
  if (flags) return -EINVAL;
  AT(from, na, da);
  const char *nb; int db = parent_at(to, &nb);
  if (db < 0) { close(da); return db; }
  struct stat sa, sb;
  int had = fstatat(da, na, &sa, AT_SYMLINK_NOFOLLOW) == 0;
  if (had && fstatat(db, nb, &sb, AT_SYMLINK_NOFOLLOW) == 0 && sa.st_ino != sb.st_ino) forget_if_last(db, nb);
  int r = renameat(da, na, db, nb) ? -errno : 0;
  close(da); close(db);
  if (r) return r;
  for (struct created *c = created; had && c; c = c->next) {
    if (c->ino == sa.st_ino) { free(c->path); c->path = strdup(to); }
  }
  return 0;
}

static int fs_link(const char *from, const char *to) {
  AT(from, na, da);
  const char *nb; int db = parent_at(to, &nb);
  if (db < 0) { close(da); return db; }
  int r = linkat(da, na, db, nb, 0) ? -errno : 0;
  close(da); close(db);
  return r;
}
static int fs_chmod(const char *path, mode_t mode, struct fuse_file_info *fi) {
  if (fi) return fchmod(fi->fh, mode) ? -errno : 0;
  AT(path, name, dfd);
  return done(dfd, fchmodat(dfd, name, mode, AT_SYMLINK_NOFOLLOW));
}
static int fs_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi) {
  if (fi) return fchown(fi->fh, uid, gid) ? -errno : 0;
  AT(path, name, dfd);
  return done(dfd, fchownat(dfd, name, uid, gid, AT_SYMLINK_NOFOLLOW));
}
static int fs_utimens(const char *path, const struct timespec tv[2], struct fuse_file_info *fi) {
  if (fi) return futimens(fi->fh, tv) ? -errno : 0;
  AT(path, name, dfd);
  return done(dfd, utimensat(dfd, name, tv, AT_SYMLINK_NOFOLLOW));
}

/* Sets the size a file's readers see, in the cache only. */
static int cached_truncate(int fd, off_t size) {
  struct fcache *c = cache_for(fd);
  if (!c) return -errno;
  if (size < c->size) {
    for (int b = 0; b < NBUCKETS; b++) {
      for (struct page **p = &c->buckets[b]; *p;) {
        off_t start = (*p)->idx * PAGE;
        if (start >= size) { struct page *d = *p; *p = d->next; free(d); c->npages--; continue; }
        if (start + PAGE > size) memset((*p)->data + (size - start), 0, PAGE - (size - start));
        p = &(*p)->next;
      }
    }
    if (size < c->low) c->low = size;
  }
  c->size = size;
  c->writes++;
  return 0;
}

static int fs_truncate(const char *path, off_t size, struct fuse_file_info *fi) {
  if (fi) return cached_truncate(fi->fh, size);
  AT(path, name, dfd);
  int fd = openat(dfd, name, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
  int r = done(dfd, fd < 0 ? -1 : 0);
  if (r) return r;
  r = cached_truncate(fd, size);
  close(fd);
  return r;
}

/* Opens the last name `name` in `dfd`, never through a symbolic link, read-write when it may (the cache reads back pages). */
static int open_backing(int dfd, const char *name, int flags, mode_t mode) {
  int clean = (flags & ~(O_TRUNC | O_APPEND | O_DIRECT)) | O_NOFOLLOW | O_CLOEXEC;
  int fd = openat(dfd, name, (clean & ~O_ACCMODE) | O_RDWR, mode);
  if (fd < 0 && (errno == EACCES || errno == EROFS || errno == EISDIR)) fd = openat(dfd, name, clean, mode);
  return fd;
}

static int fs_create(const char *path, mode_t mode, struct fuse_file_info *fi) {
  AT(path, name, dfd);
  struct stat before;
  int existed = fstatat(dfd, name, &before, AT_SYMLINK_NOFOLLOW) == 0;
  int fd = open_backing(dfd, name, fi->flags | O_CREAT, mode);
  if (fd < 0) return done(dfd, -1);
  fi->fh = fd;
  if (!existed) {
    own(dfd, name);
    struct stat st; fstat(fd, &st);
    struct created *c = malloc(sizeof *c);
    c->ino = st.st_ino; c->path = strdup(path); c->next = created; created = c;
  } else if (fi->flags & O_TRUNC) {
    cached_truncate(fd, 0);
  }
  close(dfd);
  return 0;
}

static int fs_open(const char *path, struct fuse_file_info *fi) {
  AT(path, name, dfd);
  int fd = open_backing(dfd, name, fi->flags, 0);
  int r = done(dfd, fd < 0 ? -1 : 0);
  if (r) return r;
  fi->fh = fd;
  if (fi->flags & O_TRUNC) cached_truncate(fd, 0);
  return 0;
}

static int fs_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
  (void)path;
  struct stat st;
  if (fstat(fi->fh, &st) != 0) return -errno;
  struct fcache *c = find_cache(st.st_ino);
  if (!c) { ssize_t n = pread(fi->fh, buf, size, off); return n < 0 ? -errno : (int)n; }
  if (off >= c->size) return 0;
  if ((off_t)size > c->size - off) size = c->size - off;
  size_t done = 0;
  while (done < size) {
    off_t pos = off + done, idx = pos / PAGE; size_t in = (size_t)(pos % PAGE);
    size_t len = (size_t)PAGE - in < size - done ? (size_t)PAGE - in : size - done;
    struct page *pg = *slot(c, idx);
    if (pg) memcpy(buf + done, pg->data + in, len);
    else read_backing(fi->fh, c->low, pos, buf + done, len);
    done += len;
  }
  return (int)size;
}

static int fs_write(const char *path, const char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
  (void)path;
  struct fcache *c = cache_for(fi->fh);
  if (!c) return -errno;
  if (fi->flags & O_APPEND) off = c->size;
  size_t done = 0;
  while (done < size) {
    off_t pos = off + done, idx = pos / PAGE; size_t in = (size_t)(pos % PAGE);
    size_t len = (size_t)PAGE - in < size - done ? (size_t)PAGE - in : size - done;
    struct page **s = slot(c, idx);
    if (!*s) {
      *s = malloc(sizeof **s);
      (*s)->idx = idx; (*s)->next = NULL;
      read_backing(fi->fh, c->size < c->low ? c->size : c->low, idx * PAGE, (*s)->data, PAGE);
      c->npages++;
    }
    memcpy((*s)->data + in, buf + done, len);
    done += len;
  }
  if (off + (off_t)size > c->size) c->size = off + size;
  c->writes++;
  return (int)size;
}

static int fs_statfs(const char *path, struct statvfs *st) { (void)path; return statvfs(backing, st) ? -errno : 0; }
static int fs_release(const char *path, struct fuse_file_info *fi) { (void)path; close(fi->fh); return 0; }
static int fs_fsync(const char *path, int datasync, struct fuse_file_info *fi) { (void)path; return write_back(fi->fh, datasync); }

static int fs_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi) {
  (void)path; (void)datasync;
  char p[PATH_MAX];
  DIR *dir = (DIR *)(uintptr_t)fi->fh;
  char link[64];
  snprintf(link, sizeof link, "/proc/self/fd/%d", dirfd(dir));
  ssize_t got = readlink(link, p, PATH_MAX - 1);
  if (got < 0) return -errno;
  p[got] = 0;
  /* The folder's path in the mount: created files are named by theirs ("" for the root). */
  size_t b = strlen(backing);
  const char *in = strncmp(p, backing, b) == 0 && (p[b] == 0 || p[b] == '/') ? p + b : NULL;
  size_t n = in ? strlen(in) : 0;
  for (struct created **c = &created; in && *c;) {
    const char *cp = (*c)->path;
    if (strncmp(cp, in, n) == 0 && cp[n] == '/' && !strchr(cp + n + 1, '/')) {
      struct created *d = *c; *c = d->next; free(d->path); free(d); continue;
    }
    c = &(*c)->next;
  }
  return fsync(dirfd(dir)) ? -errno : 0;
}

static int fs_fallocate(const char *path, int mode, off_t off, off_t len, struct fuse_file_info *fi) {
  (void)path;
  if (mode) return -EOPNOTSUPP;
  struct stat st;
  if (fstat(fi->fh, &st) != 0) return -errno;
  struct fcache *fc = find_cache(st.st_ino);
  if (fc) { if (off + len > fc->size) return cached_truncate(fi->fh, off + len); return 0; }
  return posix_fallocate(fi->fh, off, len) ? -EIO : 0;
}

/* What the cache holds: files, pages, writes, and the age of its oldest write. */
struct summary { long files, writes; size_t pages; double oldest_ms; };

static struct summary summarize(void) {
  struct summary s = { 0, 0, 0, -1 };
  double oldest = -1, now = now_ms();
  for (struct fcache *c = files; c; c = c->next) {
    s.files++; s.pages += c->npages; s.writes += c->writes;
    if (oldest < 0 || c->first_dirty_ms < oldest) oldest = c->first_dirty_ms;
  }
  s.oldest_ms = oldest < 0 ? -1 : now - oldest;
  return s;
}

static void print_summary(const char *word, struct summary s) {
  printf("%s files=%ld pages=%zu bytes=%zu writes=%ld oldest_ms=%.0f", word, s.files, s.pages, s.pages * PAGE, s.writes, s.oldest_ms);
}

static int clear_cache(void) {
  while (files) { struct fcache *c = files; files = c->next; free_cache(c); }
  int removed = 0;
  while (created) {
    struct created *c = created; created = c->next;
    struct stat st;
    const char *name; int dfd = parent_at(c->path, &name);
    if (dfd >= 0) {
      if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_ino == c->ino && unlinkat(dfd, name, 0) == 0) removed++;
      close(dfd);
    }
    free(c->path); free(c);
  }
  return removed;
}

static void *control(void *arg) {
  (void)arg;
  char line[256];
  while (fgets(line, sizeof line, stdin)) {
    pthread_mutex_lock(&lock);
    if (strncmp(line, "clear-cache", 11) == 0) {
      struct summary s = summarize();
      int removed = clear_cache();
      pthread_mutex_unlock(&lock);
      /* Until the kernel's cached names and sizes have expired, a reader could still see what was dropped. */
      usleep((useconds_t)(CACHE_TIMEOUT_S * 1e6) + 200000);
      pthread_mutex_lock(&lock);
      print_summary("cleared", s);
      printf(" removed=%d\n", removed);
    } else if (strncmp(line, "stats", 5) == 0) {
      print_summary("stats", summarize());
      printf("\n");
    } else {
      printf("error unknown command\n");
    }
    fflush(stdout);
    pthread_mutex_unlock(&lock);
  }
  pthread_kill(main_thread, SIGTERM);
  return NULL;
}

#define LOCKED(call) do { pthread_mutex_lock(&lock); int r_ = (call); pthread_mutex_unlock(&lock); return r_; } while (0)
static int l_getattr(const char *a, struct stat *b, struct fuse_file_info *c) { LOCKED(fs_getattr(a, b, c)); }
static int l_unlink(const char *a) { LOCKED(fs_unlink(a)); }
static int l_rename(const char *a, const char *b, unsigned int c) { LOCKED(fs_rename(a, b, c)); }
static int l_truncate(const char *a, off_t b, struct fuse_file_info *c) { LOCKED(fs_truncate(a, b, c)); }
static int l_create(const char *a, mode_t b, struct fuse_file_info *c) { LOCKED(fs_create(a, b, c)); }
static int l_open(const char *a, struct fuse_file_info *b) { LOCKED(fs_open(a, b)); }
static int l_read(const char *a, char *b, size_t c, off_t d, struct fuse_file_info *e) { LOCKED(fs_read(a, b, c, d, e)); }
static int l_write(const char *a, const char *b, size_t c, off_t d, struct fuse_file_info *e) { LOCKED(fs_write(a, b, c, d, e)); }
static int l_fsync(const char *a, int b, struct fuse_file_info *c) { LOCKED(fs_fsync(a, b, c)); }
static int l_fsyncdir(const char *a, int b, struct fuse_file_info *c) { LOCKED(fs_fsyncdir(a, b, c)); }
static int l_fallocate(const char *a, int b, off_t c, off_t d, struct fuse_file_info *e) { LOCKED(fs_fallocate(a, b, c, d, e)); }

static const struct fuse_operations ops = {
  .init = fs_init, .getattr = l_getattr, .access = fs_access, .readlink = fs_readlink, .opendir = fs_opendir, .readdir = fs_readdir, .releasedir = fs_releasedir,
  .mkdir = fs_mkdir, .rmdir = fs_rmdir, .symlink = fs_symlink, .unlink = l_unlink, .rename = l_rename,
  .link = fs_link, .chmod = fs_chmod, .chown = fs_chown, .utimens = fs_utimens, .truncate = l_truncate,
  .create = l_create, .open = l_open, .read = l_read, .write = l_write, .statfs = fs_statfs,
  .release = fs_release, .fsync = l_fsync, .fsyncdir = l_fsyncdir, .fallocate = l_fallocate,
};

int main(int argc, char **argv) {
  if (argc != 3 && argc != 4) { fprintf(stderr, "usage: fencecheck-lazyfs <backing-dir> <mount-point> [<name>]\n"); return 254; }
  const char *name = argc == 4 ? argv[3] : "fencecheck-lazyfs";
  if (!*name || strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != strlen(name) || strlen(name) > 64) {
    fprintf(stderr, "fencecheck-lazyfs: name %s: only letters, digits, '-' and '_' (at most 64)\n", name);
    return 254;
  }
  static char real[PATH_MAX];
  if (!realpath(argv[1], real)) { fprintf(stderr, "fencecheck-lazyfs: backing directory %s: %s\n", argv[1], strerror(errno)); return 254; }
  backing = real;
  backing_fd = open(real, O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (backing_fd < 0) { fprintf(stderr, "fencecheck-lazyfs: backing directory %s: %s\n", real, strerror(errno)); return 254; }
  int probe = beneath(".");
  if (probe == -ENOSYS) {
    fprintf(stderr, "fencecheck-lazyfs: this kernel has no openat2 (Linux 5.6 or later), without which paths cannot be kept beneath the backing directory: refusing to serve %s\n", real);
    return 254;
  }
  if (probe < 0) { fprintf(stderr, "fencecheck-lazyfs: backing directory %s: %s\n", real, strerror(-probe)); return 254; }
  close(probe);
  static char options[160];
  snprintf(options, sizeof options, "allow_other,default_permissions,fsname=%s,subtype=lazyfs", name);
  char *fargv[] = { argv[0], "-o", options, NULL };
  struct fuse_args args = FUSE_ARGS_INIT(3, fargv);
  struct fuse *f = fuse_new(&args, &ops, sizeof ops, NULL);
  if (!f) return 255;
  if (fuse_mount(f, argv[2]) != 0) { fprintf(stderr, "fencecheck-lazyfs: cannot mount on %s\n", argv[2]); fuse_destroy(f); return 255; }
  if (fuse_set_signal_handlers(fuse_get_session(f)) != 0) { fuse_unmount(f); fuse_destroy(f); return 255; }
  main_thread = pthread_self();
  /* Signals for the whole process go to the serving thread, whose read they interrupt. */
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGTERM); sigaddset(&block, SIGINT); sigaddset(&block, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &block, &old);
  pthread_t ctl;
  pthread_create(&ctl, NULL, control, NULL);
  pthread_detach(ctl);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  printf("ready\n");
  fflush(stdout);
  /* Several threads serve requests (every cache operation takes `lock`): initdb on it 19 s -> 11 s here. */
  int r = fuse_loop_mt(f, 0);
  fuse_remove_signal_handlers(fuse_get_session(f));
  fuse_unmount(f);
  fuse_destroy(f);
  (void)r; /* a signal or the end of stdin ends the loop: both are a normal end */
  return 0;
}
