"""A guided first game: a table started with the table option `tutorial=on` (or `/learn`) has
a coach for every person at it.

* Before each decision of a coached seat its panel carries a short explanation of where the
  player is (the game's own `explain`, through the contract) and the coach's recommendation
  with its reason; the player still chooses. A player can turn their coach off and on again.
* At the end of each round (the game's `progress` names the round) the channel gets a round
  summary: what happened (the public log of the round, summarised as the recap is) and why it
  mattered (each side's running score, what it gained, who leads).

The recommendation comes from one function, `recommend`: today it asks the game's bot player
(`rules.bot_choice`) through the bot-thinking worker (`bot_thinker`, never on the event loop)
and words a reason from what the chosen option leads to. A coach that knows why it chose
(bot levels with reasons) plugs in there and nowhere else.

Nothing here knows Discord, and nothing here knows a particular game: every text is built from
the contract's plain data and read in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from games.core import Decision, Standing
from games.core.i18n import ENGLISH, Msg, Text, render
from games.core.options import GUIDED

from . import coach, texts
from .live import LiveGame, SessionError
from .recap import opens_part, summary
from .words import T, say

OPTION = GUIDED          # the table option (games.core.options.TABLE_OPTIONS) that makes a game guided
META = "guide"           # LiveGame.meta: {"off": [seats whose coach is off], "round": the round being summarised}
ADVICE = "guide:advice"  # LiveGame.attached: {seat: (version, Recommendation)}, what was worked out for a panel
ROUND_BUDGET = 900       # characters of a round's log in its summary
PANEL_RECAP = 350        # characters of "since your last move" on a coached panel (the coach needs the room)


def is_guided(game: LiveGame) -> bool:
    """Whether the table plays a guided first game."""
    return (game.row.options or {}).get(OPTION) == "on"


def coached(game: LiveGame, seat: int) -> bool:
    """Whether `seat`'s panel shows the coach: a person's seat at a guided table whose coach is on."""
    if not is_guided(game) or not 0 <= seat < len(game.seats) or game.seats[seat].is_bot:
        return False
    return seat not in (game.meta.get(META) or {}).get("off", [])


# -- the recommendation --------------------------------------------------------------------

@dataclass(frozen=True)
class Recommendation:
    """The coach's advice for one decision: what to pick (option ids, or a number) with the
    options' labels, and why: `reason` (a text read in the reader's language) when the coach
    knows it, else it is worded from what the picked options lead to (`leads_to`, their details)."""

    picks: tuple[str, ...]
    labels: tuple[Text, ...]
    reason: Text | None = None
    leads_to: tuple[Text, ...] = ()
    number: int | None = None
    estimate: str = ""  # the search's sentence on the pick's chances, already in the reader's language


def advice_for(decision: Decision, choice: Any) -> Recommendation | None:
    """The recommendation for `choice` in `decision`, its reason what the chosen options lead to
    (their details); None when `choice` is not a pick of this decision (the state moved on)."""
    if decision.number is not None:
        if not isinstance(choice, int):
            return None
        return Recommendation((), (), T("the bot player settles on this number from what you can see"), number=choice)
    wanted = [choice] if isinstance(choice, str) else list(choice or [])
    options = {option.id: option for option in decision.options}
    if any(not isinstance(pick, str) or pick not in options for pick in wanted):
        return None
    chosen = [options[pick] for pick in wanted]
    details = tuple(option.detail for option in chosen if option.detail)
    reason: Text | None = None
    if not chosen:
        reason = T("none of these pays off enough right now; keeping what you have is worth more")
    elif not details:
        reason = T("it is what the bot player would pick here, judging only from what you can see")
    return Recommendation(tuple(wanted), tuple(option.label for option in chosen), reason, details)


LONG_DETAIL = 160  # a detail longer than this is named by its first sentence in the coach's reason
SENTENCE_END = ("。", ". ")


def first_sentence(text: str) -> str:
    """A long detail's first sentence (the rest is on the panel, beside its option)."""
    text = text.strip().rstrip("。.").strip()
    if len(text) <= LONG_DETAIL:
        return text
    ends = [text.find(end) for end in SENTENCE_END if 0 < text.find(end) < len(text) - 1]
    return text[:min(ends)].rstrip("。.") if ends else text


def reason_text(advice: Recommendation, names: list[str], locale: str = ENGLISH, brief: bool = False) -> str:
    """Why the coach recommends it, in `locale`: the coach's own reason, else what the picks lead
    to. `brief`: several picks are pointed to their details on the panel rather than quoted (a
    pick of many options would otherwise leave the coach's block no room to explain anything)."""
    if advice.reason is not None:
        return say(advice.reason, locale, names).strip().rstrip("。.")
    if brief and len(advice.leads_to) > 1:
        return say(T("together they lead to what each of these options says below"), locale)
    shown = tuple(first_sentence(say(detail, locale, names)) for detail in advice.leads_to)
    if len(shown) == 1:
        return say(T("it leads to: {detail}", detail=shown[0]), locale)
    return say(T("together they lead to: {details}", details=" · ".join(shown)), locale)


async def recommend(game: LiveGame, seat: int, locale: str = ENGLISH) -> Recommendation | None:
    """The coach's recommendation for `seat`'s current decision, from what that seat may see.

    The one place the guided game asks the coach (`coach.advise`: the levels' search in the bot
    worker, never on the event loop, the same advice Suggest gives), with what the pick leads to
    and the search's estimate of its chances. Worked out once per move, seat and language (a panel
    is drawn again on every page turn and refresh)."""
    decision = game.decision_for(seat)
    if decision is None or game.state is None:
        return None
    kept: dict[tuple[int, str], tuple[int, Recommendation | None]] = game.attached.setdefault(ADVICE, {})
    version = game.version
    if (seat, locale) in kept and kept[seat, locale][0] == version:
        return kept[seat, locale][1]
    try:
        advice = await coach.advise(game, seat, locale)
    except SessionError:
        return None  # the game moved on while the coach thought: the panel is drawn again
    found = advice_for(decision, advice.choice)
    if found is not None:
        found = replace(found, estimate=advice.reason)
    if game.version == version:  # still the decision it was worked out for
        kept[seat, locale] = (version, found)
    return found


def suggestion_line(advice: Recommendation | None, names: list[str], locale: str = ENGLISH,
                    brief: bool = False) -> str:
    """"The coach suggests: … because …" in `locale` (`brief`: see `reason_text`)."""
    if advice is None:
        return say(T("**The coach suggests:** nothing yet (the game moved on); draw the panel again."), locale)
    if advice.number is not None:
        picked = str(advice.number)
    elif advice.labels:
        picked = " + ".join(say(label, locale, names) for label in advice.labels)
    else:
        picked = say(T("pick none"), locale)
    line = say(T("**The coach suggests: {picked}**, because {reason}.", picked=picked,
                 reason=reason_text(advice, names, locale, brief)), locale)
    return texts.tidy(f"{line} {advice.estimate}" if advice.estimate else line, names, locale)


def coach_text(game: LiveGame, seat: int, decision: Decision, advice: Recommendation | None,
               locale: str = ENGLISH, budget: int = 1200) -> str:
    """The coach's block on a panel, at most `budget` characters: where the player is (the
    game's explanation, whole lines only, as many as fit), what the options say, and the
    recommendation with its reason. Lines left out are one press away (How does this work?).
    When quoting what the picks lead to (printed beside each option anyway) would leave out
    explanation that the brief reason has room for, the reason is said briefly."""
    names = game.names()
    head = say(T("🎓 **Coach** (a guided game: you still choose; **Coach off** hides this)"), locale)
    hint = say(T("Each option below says what it leads to."), locale) if any(o.detail for o in decision.options) else ""
    more = say(T("(More on **How does this work?**)"), locale)
    context = [texts.tidy(line, names, locale) for line in game.rules.explain(game.state, seat)]
    fixed = sum(len(part) + 1 for part in (head, hint, more) if part)
    advice_line = suggestion_line(advice, names, locale)
    shown = _whole_lines(context, budget - fixed - len(advice_line) - 1)
    if len(shown) < len(context):
        brief = suggestion_line(advice, names, locale, brief=True)
        shown_with_brief = _whole_lines(context, budget - fixed - len(brief) - 1)
        if len(shown_with_brief) > len(shown):
            advice_line, shown = brief, shown_with_brief
    lines = [head, *shown, *([hint] if hint else []), advice_line]
    if len(shown) < len(context):
        lines.append(more)
    text = "\n".join(lines)
    if len(text) <= budget:
        return text
    return texts.clip(advice_line, budget) if budget >= 80 else ""  # no room at all: the panel goes without


def _whole_lines(lines: list[str], room: int) -> list[str]:
    """The first of `lines` that fit in `room` characters together (each with its line break)."""
    shown: list[str] = []
    for line in lines:
        if len(line) + 1 > room:
            break
        shown.append(line)
        room -= len(line) + 1
    return shown


# -- round summaries -------------------------------------------------------------------------

@dataclass
class RoundReport:
    """A round that ended at a guided table: its label, its public log lines (stored texts)
    with which of them open a part of the game, and each side's score before and after it."""

    label: str
    lines: list[Any] = field(default_factory=list)
    scores: list[tuple[Text, int, int, tuple[Text, ...]]] = field(default_factory=list)  # name, before, now, terms
    final: bool = False

    def text(self, names: list[str], locale: str = ENGLISH) -> str:
        """The summary as the channel reads it in `locale` (at most about 1,800 characters)."""
        read = [say(line, locale, names) for line in self.lines]
        shown, _ = summary(read, ROUND_BUDGET, locale, [opens_part(line) for line in self.lines])
        title = (T("🎓 **Round {label} is over: the game ends.**", label=self.label) if self.final
                 else T("🎓 **Round {label} is over.**", label=self.label))
        parts = [say(title, locale)]
        if shown:
            parts += [say(T("What happened:"), locale), *texts.bullets(shown)]
        parts += self.why(names, locale)
        return "\n".join(parts)

    def why(self, names: list[str], locale: str) -> list[str]:
        """Why the round mattered: each side's score and gain, the biggest gain, the leader."""
        if not self.scores:
            return []
        named = [(say(name, locale, names), before, now, terms) for name, before, now, terms in self.scores]
        board = []
        for name, before, now, terms in named:
            gain = now - before
            line = say(T("{name}: {score} ({gain:+d} this round)", name=name, score=now, gain=gain), locale)
            if terms:
                line += say(T(" — {terms}", terms=terms), locale, names)
            board.append(line)
        lines = [say(T("Scores now:"), locale), *texts.bullets(board)]
        gains = sorted(((now - before, name) for name, before, now, _ in named), reverse=True)
        if gains[0][0] > 0 and (len(gains) == 1 or gains[0][0] > gains[1][0]):
            lines.append(say(T("{name} gained the most this round ({gain:+d}).", name=gains[0][1], gain=gains[0][0]),
                             locale))
        order = sorted(((now, name) for name, _, now, _ in named), reverse=True)
        if len(order) > 1:
            if order[0][0] == order[1][0]:
                tied = tuple(name for score, name in order if score == order[0][0])
                lines.append(say(T("{names} are level at {score}.", names=tied, score=order[0][0]), locale))
            else:
                lines.append(say(T("{name} leads by {lead}.", name=order[0][1], lead=order[0][0] - order[1][0]),
                                 locale))
        return lines


def _scores(game: LiveGame, standings: tuple[Standing, ...]) -> dict[str, tuple[Text, int, tuple[Text, ...]]]:
    """Each side's (name, score, terms) keyed as the round mark stores it (an automatic opponent
    read in the reader's language where the game's catalogue translates its name)."""
    names = game.names()
    found: dict[str, tuple[Text, int, tuple[Text, ...]]] = {}
    for standing in standings:
        if standing.seat is not None and standing.seat < len(names):
            found[f"seat:{standing.seat}"] = (names[standing.seat], standing.score, standing.terms)
        else:  # an automatic opponent: its name is a text of the game's own catalogue (or already a Msg)
            name = standing.name if isinstance(standing.name, Msg) else Msg(game.rules.domain, standing.name)
            found[f"name:{render(name, ENGLISH)}"] = (name, standing.score, standing.terms)
    return found


class Guide:
    """The round summaries of the guided games (a sessions service over the live games)."""

    def __init__(self, games: Any) -> None:
        self.games = games
        self.storage = games.storage

    async def round_over(self, game: LiveGame) -> RoundReport | None:
        """The summary of the round that ended since the last call (None if none did, or the
        table is not guided). The round being summarised is kept with the game (its key, label,
        the log position it began at, the scores then), so a restart summarises it as well and
        a round is summarised once."""
        if not is_guided(game) or game.state is None:
            return None
        async with game.lock:
            state = game.state
            if state is None:
                return None
            progress = game.rules.progress(state)
            finished = game.rules.outcome(state) is not None
            guide = dict(game.meta.get(META) or {})
            mark = guide.get("round")
            if progress is None:
                return None
            now = _scores(game, progress.scores)
            fresh = {"key": list(progress.round.key), "label": progress.round.label, "seq": game.version,
                     "scores": {key: score for key, (_, score, _) in now.items()}}
            if mark is None:  # the first round of the game: summarised from the game's start
                guide["round"] = {**fresh, "seq": 0}
                game.row.meta = {**game.meta, META: guide}
                await self.storage.update_game(game.id, meta=game.meta)
                return None
            if tuple(mark["key"]) == progress.round.key and not finished:
                return None
            if mark.get("done"):
                return None  # the last round was summarised when the game ended
            report = RoundReport(mark["label"], final=finished)
            for action in await self.games.tails.actions(game.id, since=int(mark["seq"])):
                report.lines.extend(action.lines)
            before = mark.get("scores", {})
            report.scores = [(name, int(before.get(key, score)), score, terms)
                             for key, (name, score, terms) in now.items()]
            guide["round"] = {**fresh, "done": True} if finished else fresh
            game.row.meta = {**game.meta, META: guide}
            await self.storage.update_game(game.id, meta=game.meta)
            return report

    async def set_coach(self, game: LiveGame, user_id: int, on: bool) -> None:
        """Turn the coach of `user_id`'s seat on or off (kept with the game, so it holds across
        restarts)."""
        async with game.lock:
            if not is_guided(game):
                raise SessionError(T("This is not a guided game: start one with /learn or "
                                     "`/game new options:tutorial=on`."))
            seat = game.seat_of(user_id)
            if seat is None:
                raise SessionError(T("You are not playing in this game."))
            guide = dict(game.meta.get(META) or {})
            off = set(guide.get("off", []))
            (off.discard if on else off.add)(seat)
            guide["off"] = sorted(off)
            game.row.meta = {**game.meta, META: guide}
            await self.storage.update_game(game.id, meta=game.meta)
