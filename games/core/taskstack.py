"""Rules driven by a stack of tasks kept in the state (Impulse, Voidfall).

A multi-step turn is a stack of small tasks (`state.tasks`, top = last), each a plain record
with a `kind`. For every kind the game registers three handlers: DECIDE lists the decisions
the task waits for (none: it runs by itself), APPLY carries out a choice for it, and AUTO does
its work when it waits for nobody. After every choice the stack is run until it waits on a
player again, so a state saved at any point resumes exactly.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from .contract import Decision, GameRules, S
from .errors import IllegalChoice


def _stacked(state: Any) -> Any:
    """The state as a task stack (it has `tasks` and `over`, which the contract's states need not)."""
    return state


class TaskStackRules(GameRules[S]):
    """`GameRules` whose `pending` and `_apply` come from task handlers: set DECIDE, APPLY and
    AUTO (task kind -> handler) on the subclass; the state needs `tasks` and `over`."""

    DECIDE: ClassVar[dict[str, Callable[..., list[Decision]]]]
    APPLY: ClassVar[dict[str, Callable[..., None]]]
    AUTO: ClassVar[dict[str, Callable[..., None]]]
    MAX_SETTLE: ClassVar[int] = 20_000  # tasks run in a row without a decision; far above any real turn

    def advance(self, state: S) -> None:
        """Run tasks that wait for nobody until one waits for a decision or none are left."""
        stack = _stacked(state)
        for _ in range(self.MAX_SETTLE):
            if stack.over or not stack.tasks:
                return
            task = stack.tasks[-1]
            if self.DECIDE[task.kind](state, task):
                return
            self.AUTO[task.kind](state, task)
        raise RuntimeError(f"{self.slug}: task stack did not settle")

    def pending(self, state: S) -> list[Decision]:
        stack = _stacked(state)
        if stack.over or not stack.tasks:
            return []
        task = stack.tasks[-1]
        return self.DECIDE[task.kind](state, task)

    def _apply(self, state: S, decision: Decision, choice: Any) -> None:
        stack = _stacked(state)
        task = stack.tasks[-1]
        if decision.seat not in {d.seat for d in self.DECIDE[task.kind](state, task)}:
            raise IllegalChoice("that decision is no longer open")
        self.APPLY[task.kind](state, task, decision, choice)
        self.advance(state)
