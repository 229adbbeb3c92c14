// SPDX-License-Identifier: GPL-2.0-only
/*
 * TCP/IP (EVENT_TRACE_FLAG_NETWORK_TCPIP) from the socket and TCP
 * tracepoints:
 *
 *   inet_sock_set_state  TcpIp/Connect (SYN_SENT -> ESTABLISHED),
 *                        Accept (SYN_RECV -> ESTABLISHED), Disconnect
 *                        (leaving ESTABLISHED)
 *   tcp_retransmit_skb   TcpIp/Retransmit
 *   sock_send_length,    TcpIp/Send, Recv: the bytes a send or receive
 *   sock_recv_length     call moved (Linux 6.3 and later; on older
 *                        kernels kretprobes on tcp_sendmsg and
 *                        tcp_recvmsg, etw_compat.h)
 *
 * IPv4 and IPv6 (the *IPV6 events, type + 16); addresses and ports are
 * in network byte order as in Windows' events.  PID is the socket's
 * process: the caller for sends, receives and connects; for events raised
 * in softirq context (an accept, a retransmission) the process last seen
 * using the socket, from a small table, or 0.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hash.h>
#include <linux/kprobes.h>
#include <linux/in.h>
#include <linux/ipv6.h>
#include <linux/tcp.h>
#include <net/inet_sock.h>
#include <net/ipv6.h>
#include <net/sock.h>
#include <net/tcp_states.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include "etw_ksys.h"

#define ETW_KSOCK_BITS	10

static struct {
	unsigned long sk;
	u32 pid;
} etw_ksock_pid[1 << ETW_KSOCK_BITS];

/* The process of @sk: the caller in process context (remembered). */
static u32 etw_ksock_owner(const struct sock *sk)
{
	u32 i = hash_ptr(sk, ETW_KSOCK_BITS);

	if (in_task() && current->mm) {
		WRITE_ONCE(etw_ksock_pid[i].pid, task_tgid_nr(current));
		WRITE_ONCE(etw_ksock_pid[i].sk, (unsigned long)sk);
		return task_tgid_nr(current);
	}
	if (READ_ONCE(etw_ksock_pid[i].sk) == (unsigned long)sk)
		return READ_ONCE(etw_ksock_pid[i].pid);
	return 0;
}

static bool etw_ksock_v6(const struct sock *sk)
{
#if IS_ENABLED(CONFIG_IPV6)
	return sk->sk_family == AF_INET6 &&
	       !ipv6_addr_v4mapped(&sk->sk_v6_daddr);
#else
	return false;
#endif
}

/*
 * The common head of a TcpIp event (PID, size, addresses, ports).
 * Return: the offset after the ports.
 */
static u32 etw_ktcp_head(u8 *p, const struct sock *sk, u32 pid, u32 size,
			 bool v6)
{
	const struct inet_sock *inet = inet_sk(sk);

	put_unaligned_le32(pid, p + ETW_KP_TCP_PID);
	put_unaligned_le32(size, p + ETW_KP_TCP_SIZE_);
#if IS_ENABLED(CONFIG_IPV6)
	if (v6) {
		memcpy(p + ETW_KP_TCP6_DADDR, &sk->sk_v6_daddr, 16);
		memcpy(p + ETW_KP_TCP6_SADDR, &sk->sk_v6_rcv_saddr, 16);
		memcpy(p + ETW_KP_TCP6_DPORT, &inet->inet_dport, 2);
		memcpy(p + ETW_KP_TCP6_SPORT, &inet->inet_sport, 2);
		return ETW_KP_TCP6_SPORT + 2;
	}
#endif
	memcpy(p + ETW_KP_TCP4_DADDR, &inet->inet_daddr, 4);
	memcpy(p + ETW_KP_TCP4_SADDR, &inet->inet_rcv_saddr, 4);
	memcpy(p + ETW_KP_TCP4_DPORT, &inet->inet_dport, 2);
	memcpy(p + ETW_KP_TCP4_SPORT, &inet->inet_sport, 2);
	return ETW_KP_TCP4_SPORT + 2;
}

static void etw_ktcp_emit(u16 type, const struct sock *sk, void *p, u32 len,
			  bool v6, u32 pid)
{
	struct etw_krec r = {
		.hook = ETW_KHOOK(ETW_KG_TCPIP, type +
				  (v6 ? ETW_KH_TCP_IPV6 : 0)),
		.version = ETW_KV_TCP, .data = p, .len = len,
		.tid = in_task() ? task_pid_nr(current) : 0, .pid = pid,
		/* whom the socket's owner talks to: its own business */
		.owner = sk->sk_uid,
		.priv_off = ETW_KP_TCP4_DADDR,
		.priv_len = (v6 ? ETW_KP_TCP6_SPORT : ETW_KP_TCP4_SPORT) + 2 -
			    ETW_KP_TCP4_DADDR,
	};

	BUILD_BUG_ON(ETW_KP_TCP4_DADDR != ETW_KP_TCP6_DADDR);
	r.priv_keep = r.priv_len;	/* zeros: no address, no port */

	etw_kemit(ETW_KF_NETWORK_TCPIP, &r);
}

/* TypeGroup1: Recv, Disconnect, Retransmit (connid, seqnum). */
static void etw_ktcp_simple(u8 type, const struct sock *sk, u32 size)
{
	bool v6 = etw_ksock_v6(sk);
	u32 pid = etw_ksock_owner(sk), off;
	u8 p[ETW_KP_TCP6_SIZE];

	memset(p, 0, sizeof(p));
	off = etw_ktcp_head(p, sk, pid, size, v6);
	put_unaligned_le64(etw_khash(sk), p + off);		/* connid */
	put_unaligned_le32(tcp_sk(sk)->rcv_nxt, p + off + 8);	/* seqnum */
	etw_ktcp_emit(type, sk, p, v6 ? ETW_KP_TCP6_SIZE : ETW_KP_TCP4_SIZE,
		      v6, pid);
}

/* Send: startime, endtime, seqnum, connid. */
static void etw_ktcp_send(const struct sock *sk, u32 size)
{
	bool v6 = etw_ksock_v6(sk);
	u32 pid = etw_ksock_owner(sk), off;
	u8 p[ETW_KP_TCP6_SEND_SIZE];
	u32 now = (u32)jiffies;

	memset(p, 0, sizeof(p));
	off = etw_ktcp_head(p, sk, pid, size, v6);
	put_unaligned_le32(now, p + off);
	put_unaligned_le32(now, p + off + 4);
	put_unaligned_le32(tcp_sk(sk)->snd_nxt, p + off + 8);
	put_unaligned_le64(etw_khash(sk), p + off + 12);
	etw_ktcp_emit(ETW_KH_TCP_SEND & 0xFF, sk, p,
		      v6 ? ETW_KP_TCP6_SEND_SIZE : ETW_KP_TCP4_SEND_SIZE, v6,
		      pid);
}

/* Connect, Accept: the negotiated options. */
static void etw_ktcp_connect(u8 type, const struct sock *sk)
{
	const struct tcp_sock *tp = tcp_sk(sk);
	bool v6 = etw_ksock_v6(sk);
	u32 pid = etw_ksock_owner(sk), off;
	u8 p[ETW_KP_TCP6_CONN_SIZE];

	memset(p, 0, sizeof(p));
	off = etw_ktcp_head(p, sk, pid, 0, v6);
	put_unaligned_le16(tp->mss_cache, p + off);
	put_unaligned_le16(tp->rx_opt.sack_ok, p + off + 2);
	put_unaligned_le16(tp->rx_opt.tstamp_ok, p + off + 4);
	put_unaligned_le16(tp->rx_opt.wscale_ok, p + off + 6);
	put_unaligned_le32(tp->rcv_wnd, p + off + 8);
	put_unaligned_le16(tp->rx_opt.rcv_wscale, p + off + 12);
	put_unaligned_le16(tp->rx_opt.snd_wscale, p + off + 14);
	put_unaligned_le32(tp->snd_nxt, p + off + 16);
	put_unaligned_le64(etw_khash(sk), p + off + 20);
	etw_ktcp_emit(type, sk, p,
		      v6 ? ETW_KP_TCP6_CONN_SIZE : ETW_KP_TCP4_CONN_SIZE, v6,
		      pid);
}

static void etw_probe_set_state(void *data, const struct sock *sk,
				const int oldstate, const int newstate)
{
	if (sk->sk_protocol != IPPROTO_TCP)
		return;
	if (newstate == TCP_SYN_SENT || newstate == TCP_LISTEN)
		etw_ksock_owner(sk);	/* connect(), listen(): the caller */
	if (newstate == TCP_ESTABLISHED && oldstate == TCP_SYN_SENT)
		etw_ktcp_connect(ETW_KH_TCP_CONNECT & 0xFF, sk);
	else if (newstate == TCP_ESTABLISHED && oldstate == TCP_SYN_RECV)
		etw_ktcp_connect(ETW_KH_TCP_ACCEPT & 0xFF, sk);
	else if (oldstate == TCP_ESTABLISHED)
		etw_ktcp_simple(ETW_KH_TCP_DISCONNECT & 0xFF, sk, 0);
}

static void etw_probe_retransmit(void *data, const struct sock *sk,
				 const struct sk_buff *skb)
{
	etw_ktcp_simple(ETW_KH_TCP_RETRANSMIT & 0xFF, sk, skb ? skb->len : 0);
}

/* A send or receive call on a TCP socket moved @ret bytes. */
static void etw_ktcp_io(struct sock *sk, int ret, bool send)
{
	if (ret <= 0 || sk->sk_protocol != IPPROTO_TCP ||
	    sk->sk_type != SOCK_STREAM)
		return;
	if (send)
		etw_ktcp_send(sk, ret);
	else
		etw_ktcp_simple(ETW_KH_TCP_RECV & 0xFF, sk, ret);
}

#ifdef ETW_HAVE_SOCK_LENGTH_TP
static void etw_probe_send_len(void *data, struct sock *sk, int ret, int flags)
{
	etw_ktcp_io(sk, ret, true);
}

static void etw_probe_recv_len(void *data, struct sock *sk, int ret, int flags)
{
	etw_ktcp_io(sk, ret, false);
}

static int etw_ktcp_io_enable(void)
{
	int ret;

	ret = etw_ktp_register("sock_send_length", etw_probe_send_len);
	if (ret)
		return ret;
	ret = etw_ktp_register("sock_recv_length", etw_probe_recv_len);
	if (ret) {
		etw_ktp_unregister("sock_send_length", etw_probe_send_len);
		tracepoint_synchronize_unregister();
	}
	return ret;
}

static void etw_ktcp_io_disable(void)
{
	etw_ktp_unregister("sock_recv_length", etw_probe_recv_len);
	etw_ktp_unregister("sock_send_length", etw_probe_send_len);
}
#else
/* The socket of the call, from the entry to the return of the probe. */
struct etw_ktcp_call {
	struct sock *sk;
};

static int etw_ktcp_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct etw_ktcp_call *c = (void *)ri->data;

	c->sk = (struct sock *)regs_get_kernel_argument(regs, 0);
	return 0;
}

static int etw_ktcp_send_ret(struct kretprobe_instance *ri,
			     struct pt_regs *regs)
{
	struct etw_ktcp_call *c = (void *)ri->data;

	etw_ktcp_io(c->sk, (int)regs_return_value(regs), true);
	return 0;
}

static int etw_ktcp_recv_ret(struct kretprobe_instance *ri,
			     struct pt_regs *regs)
{
	struct etw_ktcp_call *c = (void *)ri->data;

	etw_ktcp_io(c->sk, (int)regs_return_value(regs), false);
	return 0;
}

static struct kretprobe etw_krp_send, etw_krp_recv;

static void etw_krp_init(struct kretprobe *rp, const char *sym,
			 kretprobe_handler_t ret)
{
	memset(rp, 0, sizeof(*rp));
	rp->kp.symbol_name = sym;
	rp->entry_handler = etw_ktcp_entry;
	rp->handler = ret;
	rp->data_size = sizeof(struct etw_ktcp_call);
	rp->maxactive = 64;
}

static int etw_ktcp_io_enable(void)
{
	int ret;

	etw_krp_init(&etw_krp_send, "tcp_sendmsg", etw_ktcp_send_ret);
	etw_krp_init(&etw_krp_recv, "tcp_recvmsg", etw_ktcp_recv_ret);
	ret = register_kretprobe(&etw_krp_send);
	if (ret)
		return ret;
	ret = register_kretprobe(&etw_krp_recv);
	if (ret)
		unregister_kretprobe(&etw_krp_send);
	return ret;
}

static void etw_ktcp_io_disable(void)
{
	unregister_kretprobe(&etw_krp_recv);
	unregister_kretprobe(&etw_krp_send);
}
#endif

static int etw_net_enable(void)
{
	int ret;

	ret = etw_ktp_register("inet_sock_set_state", etw_probe_set_state);
	if (ret)
		return ret;
	ret = etw_ktp_register("tcp_retransmit_skb", etw_probe_retransmit);
	if (ret)
		goto out_state;
	ret = etw_ktcp_io_enable();
	if (ret)
		goto out_retransmit;
	return 0;

out_retransmit:
	etw_ktp_unregister("tcp_retransmit_skb", etw_probe_retransmit);
out_state:
	etw_ktp_unregister("inet_sock_set_state", etw_probe_set_state);
	tracepoint_synchronize_unregister();
	return ret;
}

static void etw_net_disable(void)
{
	etw_ktcp_io_disable();
	etw_ktp_unregister("tcp_retransmit_skb", etw_probe_retransmit);
	etw_ktp_unregister("inet_sock_set_state", etw_probe_set_state);
}

struct etw_kgroup etw_kgroup_net = {
	.name = "TCP/IP",
	.flags = ETW_KF_NETWORK_TCPIP,
	.enable = etw_net_enable,
	.disable = etw_net_disable,
};
