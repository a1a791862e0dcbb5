"""The game contract shared by every game."""

from .catalogue import Callout, Catalogue, CatalogueEntry, Figure, RulesSection, Standing, sections_from_markdown
from .contract import (
    Choice,
    CoreState,
    Decision,
    GameOption,
    GameRules,
    LogLine,
    Marks,
    Option,
    Outcome,
    Breakdown,
    Source,
    Progress,
    Round,
    TABLE_OPTIONS,
)
from .levels import BASELINE, BOT_LEVELS, EASY, HARD, HARD_SECONDS, NORMAL, BotRequest, UnknownBotLevel, analyse
from .sampling import HiddenDeal, reseeded
from .search import Budget, Estimate, SearchPieces, SearchResult, logistic, outcome_value
from .errors import BadSetup, GameError, GameOver, IllegalChoice, NotYourTurn, StaleChoice, echo
from .names import fill_names, seat_ref
from .rng import Rng
from .playout import Playout, figure_view, play, random_choice, replay
from .rulebook import caption_text, figure_lines, figures_on, rulebook_sections

__all__ = [
    "BASELINE", "BOT_LEVELS", "EASY", "HARD", "HARD_SECONDS", "NORMAL", "BotRequest", "UnknownBotLevel", "analyse",
    "HiddenDeal", "reseeded", "Budget", "Estimate", "SearchPieces", "SearchResult", "logistic", "outcome_value",
    "BadSetup", "Callout", "Catalogue", "Figure", "CatalogueEntry", "Choice", "CoreState", "Decision", "GameError", "GameOption", "GameOver",
    "GameRules", "IllegalChoice", "LogLine", "Marks", "NotYourTurn", "Option", "Outcome", "Breakdown", "Source", "Playout", "Progress", "Round", "Rng", "RulesSection", "StaleChoice", "echo", "TABLE_OPTIONS", "Standing", "sections_from_markdown", "fill_names", "seat_ref", "play", "random_choice", "replay", "figure_view",
    "rulebook_sections", "figures_on", "figure_lines", "caption_text",
]
