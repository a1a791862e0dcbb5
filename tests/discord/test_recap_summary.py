"""A long absence summarised by turn and round (issue 21 item 9: Impulse recaps reached 118
lines): the panel shows every turn's heading and first lines within its budget, and the full
recap is one press away, in pages that hold every line whole and in order."""

from __future__ import annotations

from bot.shell import panels
from bot.platform import recap
from bot.shell.ui import table as ui_table
from tests.discord.driver import components, message_by_id, panel_of, start_table, texts

NAMES = ["alice", "bob", "carol"]


def reply(result):
    return result.followups[-1] if result.followups else result.response


def turns(count: int, lines_each: int) -> list[str]:
    found = []
    for turn in range(count):
        found.append(f"--- {NAMES[turn % 3]}'s turn ---")
        found += [f"{NAMES[turn % 3]} does thing {i}, described at some length" for i in range(lines_each)]
    return found


def test_a_short_recap_is_shown_whole():
    lines = turns(2, 3)
    assert recap.summary(lines) == (lines, 0)


def test_a_long_recap_shows_every_turn_briefly_and_the_newest_turn_last():
    lines = turns(6, 18)
    shown, left_out = recap.summary(lines)
    assert sum(len(line) + 3 for line in shown) <= panels.RECAP_BUDGET
    openings = [line for line in shown if line.startswith("---")]
    assert openings == [line for line in lines if line.startswith("---")]  # every turn named, in order
    assert shown[-1] == lines[-1]  # what just happened is there
    assert "alice does thing 0, described at some length" in shown  # each turn's first line
    assert left_out == len(lines) - sum(1 for line in shown if line in lines)


def test_rounds_and_cycles_open_parts_too():
    assert recap.part_title("Round 3 of 4 begins. bob is first player.") == "Round 3 of 4 begins. bob is first player."
    assert recap.part_title("=== Cycle 2: preparation ===") == "Cycle 2: preparation"
    assert recap.part_title("--- Cycle 1, turn 2: bob ---") == "Cycle 1, turn 2: bob"
    assert recap.part_title("bob builds a ship.") is None


def test_very_many_turns_keep_their_headings_with_sizes():
    lines = turns(14, 8)
    shown, left_out = recap.summary(lines)
    assert sum(len(line) + 3 for line in shown) <= panels.RECAP_BUDGET and left_out > 0
    assert any(line.endswith("(8 lines)") for line in shown) or shown[0].startswith("Those earlier lines cover")


def test_a_log_without_marks_keeps_its_newest_lines():
    lines = [f"line {i} " + "x" * 40 for i in range(100)]
    shown, left_out = recap.summary(lines)
    assert shown[-1] == lines[-1] and left_out == 100 - len(shown)


def test_the_newest_line_is_never_cut_to_fit_beside_the_earlier_turns():
    """Earlier turns' briefs may leave the newest turn less room than its newest line needs:
    the summary then shows less of the earlier turns, never a cut newest line."""
    lines = turns(9, 2)
    lines[-1] = "carol adds Green 2 Refine to the Impulse, " + "and then some more words " * 8
    shown, _ = recap.summary(lines)
    assert shown[-1] == lines[-1]
    assert sum(len(line) + panels.BULLET_COST for line in shown) <= panels.RECAP_BUDGET


def test_the_newest_lines_fit_the_budget_as_bullets():
    """Many short lines: each costs its bullet and newline too, so the panel never cuts one."""
    for size in (5, 12, 30):
        lines = [f"l{i} " + "y" * size for i in range(300)]
        shown, _ = recap.summary(lines)
        assert sum(len(line) + 3 for line in shown) <= panels.RECAP_BUDGET


async def play_while_away(game, sessions, away, enough, most: int = 600) -> None:
    """Play on while seat 0 (`away`) is absent: a bot player takes each of their turns (these
    are not their own choices), until `enough(recap lines)` or the game waits on nobody."""
    for _ in range(most):
        if enough(await sessions.recap(game, away.id)) or not game.to_act():
            return
        seat = game.to_act()[0]
        if seat == 0:
            await sessions.takeover(game, {0})
        else:
            await sessions.choose(game, game.seats[seat].user_id, game.stamp(seat),
                                  game.rules.bot_choice(game.state, seat))


async def test_impulse_recap_after_a_long_absence_and_its_full_recap_button(world, monkeypatch):
    """alice is away while bob and carol play many turns of Impulse: her panel names every turn
    since her last move within the panel's budget, and Full recap pages through every line."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "impulse", alice, [bob, carol])
    sessions = env.bot.sessions
    await play_while_away(game, sessions, alice, lambda lines: len(lines) > 80)
    lines = await sessions.recap(game, alice.id)
    assert len(lines) > 80
    panel = panel_of(await alice.click(message_by_id(channel, game.row.turn_message_id), label="Take turn"))
    shown = texts(panel)
    assert "Since your last move" in shown and "in brief" in shown
    newest = recap.part_title(lines[-1])  # the newest line: a bullet, or the heading of the turn it opens
    assert (f"**{newest}**" if newest else f"• {lines[-1]}") in shown
    openings = [line for line in lines if recap.part_title(line)]
    # every turn since, named: each as a heading over its lines, never a bullet
    assert openings and all(f"**{recap.part_title(opening)}**" in shown for opening in openings)
    assert not any(f"• {opening}" in shown for opening in openings)
    # the summary stays short (its heading and bullets beside the budget); the decision follows
    # in its own text displays, as long as that decision needs (which turn it is depends on the
    # stand-in's timing, so the panel's whole length is no measure)
    summary = next(c["content"] for c in components(panel)
                   if c.get("type") == 10 and "Since your last move" in c.get("content", ""))
    assert len(summary) < panels.RECAP_BUDGET + 200
    full = [c for c in components(panel) if c.get("label", "").startswith("Full recap")]
    assert full
    monkeypatch.setattr(ui_table, "LOG_PAGE", 600)
    pager = reply(await alice.click(panel, custom_id=full[0]["custom_id"]))
    pages = [pager.content]
    while any(c.get("label") == "Newer ▶" for c in components(pager)):
        pager = reply(await alice.click(pager, label="Newer ▶"))
        pages.append(pager.content)
    assert len(pages) > 1 and all(len(page) <= 2000 for page in pages)
    body = [line for page in pages for line in page.split("\n")[1:]]
    assert body == [panels.list_item(line) for line in lines]  # every line, whole, in order (turns as headings)


async def test_a_chinese_readers_recap_is_summarised_by_the_same_rounds(world):
    """Parts are found in a line's English form, so a zh-TW reader's recap of a long absence is
    cut at the same rounds ("第 3 輪開始", not "Round 3 begins") as an English reader's."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "petrichor", alice, [bob, carol])
    sessions = env.bot.sessions
    await play_while_away(game, sessions, alice, lambda lines: sum(line.startswith("Round ") for line in lines) >= 3)
    english, english_marks = await sessions.marked_recap(game, alice.id)
    chinese, chinese_marks = await sessions.marked_recap(game, alice.id, "zh-TW")
    assert chinese_marks == english_marks == [recap.part_title(line) is not None for line in english]
    rounds = [line for line, opens in zip(chinese, chinese_marks) if opens and line.startswith("第 ")]
    assert len(rounds) >= 2 and not any(recap.part_title(line) for line in rounds)  # the regex alone misses them
    shown, left_out = recap.summary(chinese, locale="zh-TW", openings=chinese_marks)
    assert left_out > 0 and all(line in shown for line in rounds)  # every round since, named
    assert shown[-1] == chinese[-1]
