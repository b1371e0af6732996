//! What the workers make of each game for a reporter, and how it reaches the reporter:
//! a chunk of games rendered on a worker into rows of the reporter's own type (bytes for
//! a format that writes as it goes, typed rows for one that gathers before it writes),
//! handed whole to the reporter, chunks in input order. The reporter alone knows its
//! rows' type; nothing is framed in bytes to be read back.

use std::any::Any;
use std::io;
use std::sync::Arc;

use crate::audit::GameReport;

/// Renders one game on a worker, adding its rows (none, one or several) to its chunk's;
/// `fails` says whether the game fails the run (`--fail-on`).
pub type RenderGame<R> = fn(&GameReport, bool, &mut Vec<R>);

/// A chunk of games being rendered on a worker.
pub trait Chunk: Send {
    /// Renders the next game of the chunk.
    fn add(&mut self, game: &GameReport, fails: bool);
    /// The chunk's rows, for [`Reporter::games`](super::Reporter::games).
    fn done(self: Box<Self>) -> Rendered;
}

/// The rows of a chunk of games, for the reporter whose [`Renderer`] made them.
pub struct Rendered(Box<dyn Any + Send>);

impl Rendered {
    /// The rows, of the type the reporter's renderer makes.
    pub fn rows<R: 'static>(self) -> io::Result<Vec<R>> {
        self.0
            .downcast::<Vec<R>>()
            .map(|rows| *rows)
            .map_err(|_| io::Error::other("games rendered for another format"))
    }
}

/// A renderer that carries settings of its own (as the HTML report's links).
type RenderWith<R> = Arc<dyn Fn(&GameReport, bool, &mut Vec<R>) + Send + Sync>;

struct Rows<R> {
    render: RenderWith<R>,
    rows: Vec<R>,
}

impl<R: Send + 'static> Chunk for Rows<R> {
    fn add(&mut self, game: &GameReport, fails: bool) {
        (self.render)(game, fails, &mut self.rows)
    }

    fn done(self: Box<Self>) -> Rendered {
        Rendered(Box::new(self.rows))
    }
}

/// How a reporter's games are rendered: a [`RenderGame`] and its rows' type, cloned into
/// every worker.
#[derive(Clone)]
pub struct Renderer(Arc<dyn Fn(usize) -> Box<dyn Chunk> + Send + Sync>);

impl Renderer {
    /// Games rendered into rows of `R`, about `per_game` rows a game.
    pub fn new<R: Send + 'static>(render: RenderGame<R>, per_game: usize) -> Renderer {
        Renderer::with(render, per_game)
    }

    /// Games rendered into rows of `R` by a function that carries settings of its own.
    pub fn with<R: Send + 'static>(
        render: impl Fn(&GameReport, bool, &mut Vec<R>) + Send + Sync + 'static,
        per_game: usize,
    ) -> Renderer {
        let render: RenderWith<R> = Arc::new(render);
        Renderer(Arc::new(move |games| {
            Box::new(Rows {
                render: Arc::clone(&render),
                rows: Vec::with_capacity(games * per_game),
            })
        }))
    }

    /// Games rendered as text, back to back: one buffer a chunk.
    pub fn bytes(render: RenderGame<u8>) -> Renderer {
        Renderer::new(render, 1024)
    }

    /// An empty chunk for `games` games.
    pub fn chunk(&self, games: usize) -> Box<dyn Chunk> {
        (self.0)(games)
    }
}
