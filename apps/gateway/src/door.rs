//! The gateway's listening socket, and how a stopping gateway closes it without losing a
//! connection.
//!
//! Closing a listening socket resets every connection the kernel has completed but nobody has
//! accepted yet. A proxy may already have sent its request on one, and nginx never sends a
//! POST twice, so it answers 502 (the scale-out test's rolling restart hit this). A stopping
//! gateway therefore first stops the kernel from completing new handshakes: a socket filter
//! that drops every packet leaves new SYNs unanswered, and the client's retransmission a
//! second later meets a closed port, which is refused, and nginx takes that refusal as a
//! reason to try another gateway. Connections already queued were made before the filter and
//! do not inherit it: the acceptor takes and serves them, and only then does the socket close.

use std::io;
use std::net::{SocketAddr, TcpListener};
use std::time::Duration;

use socket2::{Domain, SockFilter, Socket, Type};

/// How many completed connections the kernel queues for the acceptor (actix's default, which
/// `HttpServer::bind` used before the gateway opened its socket itself).
const BACKLOG: i32 = 1024;

/// Long enough for the acceptor to take what the kernel queued before the door closed: it
/// accepts within microseconds of a connection arriving unless every worker is full.
pub const QUEUE_DRAIN: Duration = Duration::from_millis(200);

/// `BPF_RET | BPF_K`: return the constant operand.
const BPF_RET_CONSTANT: u16 = 0x06;
/// A classic BPF program of one instruction, `ret #0`: keep no byte of any packet.
const DROP_EVERY_PACKET: [SockFilter; 1] = [SockFilter::new(BPF_RET_CONSTANT, 0, 0, 0)];

/// The listening socket's second handle, kept by the gateway while the server holds the first.
pub struct Door {
    socket: Socket,
}

/// Listens on `address`: the listener for the server and the door to close it by.
pub fn open(address: SocketAddr) -> io::Result<(TcpListener, Door)> {
    let socket = Socket::new(Domain::for_address(address), Type::STREAM, None)?;
    // As actix's own binding does: a restarted gateway takes its port back at once, though
    // the old process's connections linger in TIME_WAIT.
    socket.set_reuse_address(true)?;
    socket.bind(&address.into())?;
    socket.listen(BACKLOG)?;
    let door = Door {
        socket: socket.try_clone()?,
    };
    Ok((socket.into(), door))
}

impl Door {
    /// From now on the kernel completes no new connection; those it queued stay to be accepted.
    pub fn stop_admitting(&self) -> io::Result<()> {
        self.socket.attach_filter(&DROP_EVERY_PACKET)
    }
}

#[cfg(test)]
mod tests {
    use std::io::{ErrorKind, Read, Write};
    use std::net::TcpStream;

    use super::*;

    #[test]
    fn a_closing_door_serves_what_was_queued_and_then_refuses() -> io::Result<()> {
        let (listener, door) = open(SocketAddr::from(([127, 0, 0, 1], 0)))?;
        let address = listener.local_addr()?;
        let mut queued = TcpStream::connect(address)?;
        queued.write_all(b"before")?;

        door.stop_admitting()?;
        let refused_in_time =
            TcpStream::connect_timeout(&address, Duration::from_millis(300)).map(|_| ());
        assert_eq!(
            refused_in_time.map_err(|error| error.kind()),
            Err(ErrorKind::TimedOut),
            "a connection after the door closed is not completed"
        );

        let (mut accepted, _) = listener.accept()?;
        let mut said = [0; 6];
        accepted.read_exact(&mut said)?;
        assert_eq!(&said, b"before");
        accepted.write_all(b"answer")?;
        queued.read_exact(&mut said)?;
        assert_eq!(&said, b"answer", "the queued connection is served whole");

        drop((listener, door));
        let after_close = TcpStream::connect_timeout(&address, Duration::from_secs(5));
        assert_eq!(
            after_close.map(|_| ()).map_err(|error| error.kind()),
            Err(ErrorKind::ConnectionRefused),
            "once closed, a proxy is told at once to go elsewhere"
        );
        Ok(())
    }
}
