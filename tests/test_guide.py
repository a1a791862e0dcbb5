"""The guided first game's platform side (bot.platform.guide), without Discord: the coach's
recommendation worded from what the picks lead to, its place on a panel within the room left,
a round summary with the scores and why they mattered, the coach switched off and kept across
a restart, and guided games left out of the ratings."""

from __future__ import annotations

import pytest

import games
from bot.platform import guide, texts
from bot.platform.sessions import Sessions
from games.core import Decision, Option
from games.core.i18n import render
from tests.support.pg_server import database_url, postgres_server, storage  # noqa: F401  (fixtures: both engines)

ALICE = 100


def test_the_reason_is_what_the_pick_leads_to_and_a_long_detail_its_first_sentence():
    long = "purple card, value 5; 5 beats 3 under Science: a colonist may land there. " + "Then more. " * 20
    decision = Decision(0, "Which?", (Option("a", "Alpha", "gain 2 energy."), Option("b", "Beta", long),
                                      Option("c", "Gamma", "")), max_picks=2, min_picks=0)
    one = guide.advice_for(decision, "a")
    assert guide.suggestion_line(one, []) == "**The coach suggests: Alpha**, because it leads to: gain 2 energy."
    both = guide.advice_for(decision, ["a", "b"])
    line = guide.suggestion_line(both, [])
    assert "Alpha + Beta" in line and "a colonist may land there." in line and "Then more" not in line
    assert "what the bot player would pick" in guide.suggestion_line(guide.advice_for(decision, "c"), [])
    assert "none of these pays off" in guide.suggestion_line(guide.advice_for(decision, []), [])
    assert guide.advice_for(decision, "zzz") is None  # a choice of another decision: no advice
    chinese = guide.suggestion_line(one, [], "zh-TW")
    assert chinese.startswith("**教練建議：Alpha**，因為") and "****" not in chinese


def test_a_round_summary_says_what_happened_and_why_it_mattered():
    report = guide.RoundReport("2", ["{seat:0} plays a card.", "Round 3 begins."],
                               [("alice", 4, 9, ("ship 1",)), ("bob", 5, 6, ())])
    text = report.text(["alice", "bob"])
    assert text.startswith("🎓 **Round 2 is over.**") and "• alice plays a card." in text
    assert "alice: 9 (+5 this round) — ship 1" in text and "bob: 6 (+1 this round)" in text
    assert "alice gained the most this round (+5)." in text and "alice leads by 3." in text
    zh = report.text(["alice", "bob"], "zh-TW")
    assert "第 2 輪結束" in zh and "alice 領先 3 分。" in zh


@pytest.fixture
def sessions(storage):
    return Sessions(storage)


async def test_rounds_are_summarised_once_each_and_the_coach_switch_is_kept(sessions, storage):
    game = await sessions.create(1, 10, "pocket-mars", ALICE, "alice", "tutorial=on")
    await sessions.start(game, ALICE)
    assert guide.is_guided(game) and guide.coached(game, 0)
    assert await sessions.guide.round_over(game) is None  # the first call marks round 1
    rules = games.get("pocket-mars")
    reports = []
    for _ in range(400):
        if game.row.status != "active":
            break
        seat = game.to_act()[0]
        await sessions.choose(game, ALICE, game.stamp(seat), rules.baseline_choice(game.state, seat))
        report = await sessions.guide.round_over(game)
        if report is not None:
            reports.append(report)
    assert game.row.status == "finished"
    labels = [r.label for r in reports]
    assert len(labels) == len(set(labels)) >= 3 and reports[-1].final
    assert all(r.scores and r.lines for r in reports)
    assert await sessions.guide.round_over(game) is None  # the last round is summarised once
    assert render(reports[-1].scores[-1][0]) == "Devious Automatics"


async def test_the_coach_switch_holds_across_a_reload(sessions, storage):
    game = await sessions.create(1, 11, "petrichor", ALICE, "alice", "tutorial=on")
    await sessions.start(game, ALICE)
    await sessions.guide.set_coach(game, ALICE, False)
    assert not guide.coached(game, 0)
    fresh = Sessions(storage)
    again = await fresh.get(game.id)
    assert not guide.coached(again, 0) and guide.is_guided(again)
    await fresh.guide.set_coach(again, ALICE, True)
    assert guide.coached(again, 0)


async def test_a_table_that_is_not_guided_has_no_coach(sessions):
    game = await sessions.create(1, 12, "petrichor", ALICE, "alice")
    await sessions.start(game, ALICE)
    assert not guide.coached(game, 0) and await sessions.guide.round_over(game) is None
    with pytest.raises(guide.SessionError):
        await sessions.guide.set_coach(game, ALICE, False)


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
async def test_a_coached_pick_of_many_options_still_leaves_room_to_explain(sessions, locale):
    """The coach's block keeps the explanation of where the player is: a pick of many options
    whose details would push it out names them and points to their details below instead."""
    game = await sessions.create(1, 12, "pocket-mars", ALICE, "alice", "tutorial=on")
    await sessions.start(game, ALICE)
    explained = [texts.tidy(line, game.names(), locale) for line in game.rules.explain(game.state, 0)]
    assert explained
    detail = "gain 2 energy and move one of your colonists to a free space next to it; " * 3
    options = tuple(Option(f"o{n}", f"Option {n}", detail) for n in range(8))
    many = Decision(0, "Which?", options, max_picks=8, min_picks=0)
    advice = guide.advice_for(many, [o.id for o in options])
    text = guide.coach_text(game, 0, many, advice, locale, budget=1200)
    brief = guide.suggestion_line(advice, game.names(), locale, brief=True)
    assert len(text) <= 1200 and brief in text and all(line in text for line in explained)  # all of it fits
    assert len(guide.suggestion_line(advice, game.names(), locale)) > 1200  # the full reason would not fit
    short = (Option("a", "Alpha", "gain 2 energy."), Option("b", "Beta", "draw a card."))
    two = Decision(0, "Which?", short, max_picks=2, min_picks=0)  # room for both: their details are quoted
    full = guide.suggestion_line(guide.advice_for(two, ["a", "b"]), game.names(), locale)
    assert full in guide.coach_text(game, 0, two, guide.advice_for(two, ["a", "b"]), locale, budget=1200)
