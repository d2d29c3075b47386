/*
 * The fake clock code copied into the target's code page (layout.h). It is
 * position independent: it reaches the data page, one page after its start,
 * RIP-relative, and calls nothing outside itself but the original
 * clock_gettime, through its relocated prologue (D_ORIGINAL), or the raw
 * syscall (clock_gettime is 228, gettimeofday 96) when the prologue could
 * not be moved. It then applies the data page's offset and rate. It
 * follows the vDSO's calling convention (it clobbers only caller-saved
 * registers, keeps the stack 16-byte aligned at calls, and returns -errno
 * as the vDSO's own syscall fallback does). It is x86_64 only.
 */
#include "layout.h"

#define DATA(off) [rip + .Lbase + DATA_PAGE + (off)]
#define NS_PER_S 1000000000

	.intel_syntax noprefix
	.section .rodata.clock_payload, "a"
	.globl payload_start, payload_end
	.globl fake_clock_gettime, fake_gettimeofday, fake_time, stub_syscall, stub_trap
payload_start:
.Lbase:

/* rax = a reading in ns of clock ecx (0..CLOCK_IDS-1) -> rax = the faked reading.
   Clobbers rdx, r8-r11; keeps rcx, rsi, rdi. */
apply:
	mov r10, qword ptr DATA(D_SEQ)
	test r10b, 1
	jnz 3f
	mov r8, qword ptr DATA(D_RATE)
	mov r9, qword ptr DATA(D_OFFSET)
	mov rdx, qword ptr DATA(D_FLAGS)
	lea r11, DATA(D_BASES)
	mov r11, qword ptr [r11 + rcx * 8]
	cmp r10, qword ptr DATA(D_SEQ)
	jne 3f
	mov r10d, REALTIME_MASK
	test dl, FLAG_MONOTONIC
	jz 1f
	or r10d, MONOTONIC_MASK
1:	bt r10d, ecx
	jnc 2f
	mov r10, RATE_ONE
	cmp r8, r10
	je 4f
	sub rax, r11
	imul r8
	shrd rax, rdx, RATE_SHIFT
	add rax, r11
4:	add rax, r9
2:	ret
3:	pause
	jmp apply

/* rax = ns -> rax = seconds, rdx = ns within the second (floored). Clobbers r8. */
split:
	mov r8, NS_PER_S
	cqo
	idiv r8
	test rdx, rdx
	jns 1f
	add rdx, r8
	dec rax
1:	ret

/* The real clock: eax = clock_gettime(edi, rsi). Keeps rdi and rsi. Entered with rsp 8 mod 16, as by a call. */
real_clock:
	mov rax, qword ptr DATA(D_ORIGINAL)
	test rax, rax
	jz 1f
	push rdi
	push rsi
	sub rsp, 8
	call rax
	add rsp, 8
	pop rsi
	pop rdi
	ret
1:	mov eax, 228
	syscall
	ret

/* int clock_gettime(clockid_t edi, struct timespec *rsi) */
fake_clock_gettime:
	sub rsp, 8
	call real_clock
	add rsp, 8
	test eax, eax
	jnz 9f
	cmp edi, CLOCK_IDS
	jae 9f
	mov ecx, edi
	imul rax, qword ptr [rsi], NS_PER_S
	add rax, qword ptr [rsi + 8]
	call apply
	call split
	mov qword ptr [rsi], rax
	mov qword ptr [rsi + 8], rdx
	xor eax, eax
9:	ret

/* rax = the faked CLOCK_REALTIME in ns, read into 16 bytes at rsi. Clobbers rcx, rdx, rdi, r8-r11. */
realtime_ns:
	xor edi, edi
	sub rsp, 8
	call real_clock
	add rsp, 8
	imul rax, qword ptr [rsi], NS_PER_S
	add rax, qword ptr [rsi + 8]
	xor ecx, ecx
	jmp apply

/* int gettimeofday(struct timeval *rdi, struct timezone *rsi) */
fake_gettimeofday:
	test rsi, rsi
	jz 1f
	mov eax, 96
	syscall
	test rax, rax
	jnz 9f
1:	test rdi, rdi
	jz 8f
	push rdi
	sub rsp, 16
	mov rsi, rsp
	call realtime_ns
	add rsp, 16
	pop rsi
	call split
	mov qword ptr [rsi], rax
	mov rax, rdx
	xor edx, edx
	mov r8, 1000
	div r8
	mov qword ptr [rsi + 8], rax
8:	xor eax, eax
9:	ret

/* time_t time(time_t *rdi) */
fake_time:
	push rdi
	sub rsp, 16
	mov rsi, rsp
	call realtime_ns
	add rsp, 16
	pop rsi
	call split
	test rsi, rsi
	jz 1f
	mov qword ptr [rsi], rax
1:	ret

/* The injector runs one syscall at a time here, and returns here from calls it makes. */
stub_syscall:
	syscall
stub_trap:
	int3
payload_end:

	.section .note.GNU-stack, "", @progbits
