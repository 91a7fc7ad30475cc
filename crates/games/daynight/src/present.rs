//! How Day and Night is drawn and entered: a round board of 12 sectors and its rings, with the
//! dial; a turn is the own move, then perhaps a neutral piece's slide.

use arbiter_core::present::{
    self, Board, Captured, Cell, CellId, Dial, Geometry, Layout, Piece, PieceKind, Place, Present,
};
use arbiter_core::{MoveError, Side};

use crate::board::{fields, sector_letter, Field, Fields, SECTORS};
use crate::moves::{self, Slide};
use crate::{DayNight, Move, DAY};

fn cell(field: Field) -> CellId {
    CellId(field.index() as u16)
}

fn step(slide: Slide, separator: char, captured: Option<Field>) -> present::Step {
    present::Step {
        from: cell(slide.from),
        to: cell(slide.to),
        choice: None,
        captured: captured.map(cell).into_iter().collect(),
        text: format!("{}{separator}{}", slide.from, slide.to),
    }
}

impl Present for DayNight {
    const CAPTURED: Captured = Captured::Neutralised;
    const SKIP_LABEL: &'static str = "no neutral slide: end the turn";

    fn geometry(&self) -> Geometry {
        let cells = (1..=self.rings)
            .flat_map(|ring| (0..SECTORS).filter_map(move |sector| Field::new(sector, ring)))
            .map(|field| Cell {
                name: field.to_string(),
                place: Place::Round { sector: field.sector(), ring: field.ring() - 1 },
                field: Some(if field.is_white() {
                    present::Field::Light
                } else {
                    present::Field::Dark
                }),
                hole: false,
            })
            .collect();
        Geometry {
            layout: Layout::Round { sectors: SECTORS, rings: self.rings },
            cells,
            lines: Vec::new(),
            column_labels: (0..SECTORS).map(|sector| sector_letter(sector).to_string()).collect(),
            row_labels: (1..=self.rings).map(|ring| ring.to_string()).collect(),
        }
    }

    fn board(&self) -> Board {
        let owned = Side::BOTH.into_iter().flat_map(|side| {
            fields(self.pieces(side)).map(move |field| Piece {
                cell: cell(field),
                side: Some(side),
                kind: PieceKind::Man,
            })
        });
        let neutral = fields(self.neutral()).map(|field| Piece {
            cell: cell(field),
            side: None,
            kind: PieceKind::Neutral,
        });
        let sectors_of = |day: Fields| -> Vec<u8> {
            (0..SECTORS)
                .filter(|&sector| Field::new(sector, 1).is_some_and(|field| day & field.bit() != 0))
                .collect()
        };
        let dial = Dial {
            day: sectors_of(self.zone(Side::White)),
            next: sectors_of(DAY[usize::from((self.dial() + 1) % SECTORS)]),
        };
        Board { pieces: owned.chain(neutral).collect(), dial: Some(dial) }
    }

    /// The own move, then the neutral slide if there is one: the seed's order of a round.
    fn move_steps(&self, mv: Move) -> Vec<present::Step> {
        let separator = if mv.is_capture() { 'x' } else { '-' };
        let mut steps = vec![step(mv.own(), separator, mv.jumped())];
        steps.extend(mv.neutral().map(|neutral| step(neutral, '-', None)));
        steps
    }

    fn match_step(&self, text: &str, candidates: &[&present::Step]) -> Result<usize, MoveError> {
        let texts: Vec<String> = candidates.iter().map(|step| step.text.clone()).collect();
        moves::match_step(text, &texts)
    }
}
