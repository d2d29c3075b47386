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
 */
#define FUSE_USE_VERSION 31
#define _GNU_SOURCE
#include <fuse.h>
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

/* A file created here and not yet synced. */
struct created { ino_t ino; char *path; struct created *next; };

static const char *backing;
static struct fcache *files;
static struct created *created;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t main_thread;

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void full(const char *path, char *out) { snprintf(out, PATH_MAX, "%s%s", backing, path); }

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
  char p[PATH_MAX];
  int r = fi ? fstat(fi->fh, st) : (full(path, p), lstat(p, st));
  if (r != 0) return -errno;
  apply_size(st);
  return 0;
}

static int fs_access(const char *path, int mask) { char p[PATH_MAX]; full(path, p); return access(p, mask) ? -errno : 0; }
static int fs_readlink(const char *path, char *buf, size_t size) {
  char p[PATH_MAX]; full(path, p);
  ssize_t n = readlink(p, buf, size - 1);
  if (n < 0) return -errno;
  buf[n] = 0;
  return 0;
}

static int fs_opendir(const char *path, struct fuse_file_info *fi) {
  char p[PATH_MAX]; full(path, p);
  DIR *d = opendir(p);
  if (!d) return -errno;
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
static int own(const char *p) {
  struct fuse_context *ctx = fuse_get_context();
  return lchown(p, ctx->uid, ctx->gid) ? -errno : 0;
}

static int fs_mkdir(const char *path, mode_t mode) { char p[PATH_MAX]; full(path, p); return mkdir(p, mode) ? -errno : own(p); }
static int fs_rmdir(const char *path) { char p[PATH_MAX]; full(path, p); return rmdir(p) ? -errno : 0; }
static int fs_symlink(const char *to, const char *path) { char p[PATH_MAX]; full(path, p); return symlink(to, p) ? -errno : own(p); }

/* Drops the cache of a file whose last name is about to go. */
static void forget_if_last(const char *p) {
  struct stat st;
  if (lstat(p, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink <= 1) { drop_cache(st.st_ino); forget_created(st.st_ino); }
}

static int fs_unlink(const char *path) {
  char p[PATH_MAX]; full(path, p);
  forget_if_last(p);
  return unlink(p) ? -errno : 0;
}

static int fs_rename(const char *from, const char *to, unsigned int flags) {
  char a[PATH_MAX], b[PATH_MAX]; full(from, a); full(to, b);
  if (flags) return -EINVAL;
  struct stat sa, sb;
  if (lstat(a, &sa) == 0 && lstat(b, &sb) == 0 && sa.st_ino != sb.st_ino) forget_if_last(b);
  if (rename(a, b)) return -errno;
  for (struct created *c = created; c; c = c->next) {
    if (c->ino == sa.st_ino) { free(c->path); c->path = strdup(b); }
  }
  return 0;
}

static int fs_link(const char *from, const char *to) { char a[PATH_MAX], b[PATH_MAX]; full(from, a); full(to, b); return link(a, b) ? -errno : 0; }
static int fs_chmod(const char *path, mode_t mode, struct fuse_file_info *fi) {
  char p[PATH_MAX]; full(path, p);
  return (fi ? fchmod(fi->fh, mode) : chmod(p, mode)) ? -errno : 0;
}
static int fs_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi) {
  char p[PATH_MAX]; full(path, p);
  return (fi ? fchown(fi->fh, uid, gid) : lchown(p, uid, gid)) ? -errno : 0;
}
static int fs_utimens(const char *path, const struct timespec tv[2], struct fuse_file_info *fi) {
  char p[PATH_MAX]; full(path, p);
  return (fi ? futimens(fi->fh, tv) : utimensat(AT_FDCWD, p, tv, AT_SYMLINK_NOFOLLOW)) ? -errno : 0;
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
  char p[PATH_MAX]; full(path, p);
  int fd = open(p, O_RDWR);
  if (fd < 0) return -errno;
  int r = cached_truncate(fd, size);
  close(fd);
  return r;
}

static int open_backing(const char *p, int flags, mode_t mode) {
  int clean = flags & ~(O_TRUNC | O_APPEND | O_DIRECT);
  int fd = open(p, (clean & ~O_ACCMODE) | O_RDWR, mode);
  if (fd < 0 && (errno == EACCES || errno == EROFS || errno == EISDIR)) fd = open(p, clean, mode);
  return fd;
}

static int fs_create(const char *path, mode_t mode, struct fuse_file_info *fi) {
  char p[PATH_MAX]; full(path, p);
  struct stat before;
  int existed = lstat(p, &before) == 0;
  int fd = open_backing(p, fi->flags | O_CREAT, mode);
  if (fd < 0) return -errno;
  fi->fh = fd;
  if (!existed) {
    own(p);
    struct stat st; fstat(fd, &st);
    struct created *c = malloc(sizeof *c);
    c->ino = st.st_ino; c->path = strdup(p); c->next = created; created = c;
  } else if (fi->flags & O_TRUNC) {
    cached_truncate(fd, 0);
  }
  return 0;
}

static int fs_open(const char *path, struct fuse_file_info *fi) {
  char p[PATH_MAX]; full(path, p);
  int fd = open_backing(p, fi->flags, 0);
  if (fd < 0) return -errno;
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
  size_t n = strlen(p);
  for (struct created **c = &created; *c;) {
    const char *cp = (*c)->path;
    if (strncmp(cp, p, n) == 0 && cp[n] == '/' && !strchr(cp + n + 1, '/')) {
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
    if (lstat(c->path, &st) == 0 && st.st_ino == c->ino && unlink(c->path) == 0) removed++;
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
