"""The Foxpaw panel through the real play screen: whole games at the keyboard and among
bots, placing with the meeple and space pickers, secret choices behind handovers and
revealed together, the interludes (duel, night, Magical Events, scorings), replays,
and that no screen a seat can reach shows another seat's secrets.

Every state comes from the engine with fixed seeds; the bots' choices drive the seats
that are not pressed through keys. FoxApp runs with bot_delay=0.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from play_helpers import screen_text, wait_for
from textual.app import App, ComposeResult
from textual.widgets import Static

from foxtui.engine.game import SeatInfo
from foxtui.engine.session import Session
from foxtui.games import GAMES
from foxtui.games.foxpaw import content as C
from foxtui.games.foxpaw.actions import Place
from foxtui.ui.app import FoxApp
from foxtui.ui.games.base import GamePanel
from foxtui.ui.games.foxpaw import FoxpawPanel
from foxtui.ui.games.foxpaw_interlude import FoxpawInterlude, interlude_pages
from foxtui.ui.games.foxpaw_words import space_lines
from foxtui.ui.screens.handover import HandoverScreen
from foxtui.ui.screens.play import PlayScreen
from foxtui.ui.stylesheets import stylesheets
from foxtui.ui.widgets.keybar import KeyBar
from foxtui.ui.widgets.moves import Moves
from foxtui.ui.widgets.page import PageView

GAME = GAMES["foxpaw"]


def _session(*seats: str | tuple[str, str], seed: int = 3, **options: Any) -> Session:
    """"Ada" is a human, ("Bo", "sensible") a bot of that level."""
    infos = [SeatInfo(s) if isinstance(s, str) else SeatInfo(s[0], bot=s[1]) for s in seats]
    return Session.new(GAME, infos, GAME.Options(**options), seed)


def _drive(session: Session, until: Callable[[Session, int, Any], bool], limit: int = 3000) -> Session:
    """Every seat to act plays its bot's move (humans too) until ``until(session, seat,
    move)`` holds for the move about to be played."""
    while session.step_count < limit and session.outcome() is None:
        seat = min(session.to_act())
        move = session.bot_action(seat)
        if until(session, seat, move):
            return session
        session.act(seat, move)
    raise AssertionError("the game never got there")


def panel(app: App) -> FoxpawPanel:
    return app.screen.query_one(FoxpawPanel)


def offered(app: App) -> list[Any]:
    """The moves the panel's list offers now, in its order."""
    return panel(app).query_one(Moves).actions


async def choose(pilot, app: App, action: Any) -> None:
    """Play ``action`` with the keys a player would press: m for the meeple, ↑↓, Enter."""
    p = panel(app)
    for _ in range(4):
        if not isinstance(action, Place) or p._meeple == action.beast:
            break
        await pilot.press("m")
    index = offered(app).index(action)
    now = p.query_one(Moves).highlighted
    step = index - (-1 if now is None else now)  # from no highlight, ↓ lands on the first line
    await pilot.press(*(["down"] * step if step > 0 else ["up"] * -step), "enter")


def run(app: App, body: Callable[[Any], Any], size: tuple[int, int] = (80, 24)) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await body(pilot)

    asyncio.run(go())


# --- whole games


def ada_move(app: App, session: Session) -> Any:
    """What Ada plays: the sensible bot's move when it is a few key presses away, else
    the move at the top of the list (a whole game at the keyboard stays quick)."""
    move = session.bot_action(0)
    p = panel(app)
    if type(move) is Place and move.beast != p._meeple:
        return move
    if move in offered(app)[:3]:
        return move
    return offered(app)[0]


def test_a_whole_two_player_first_game_at_the_keyboard_against_a_bot():
    """Ada plays every decision with keys, Bo is a bot, House Obsidio blocks spaces; the
    first-game variant (four years, two Magical Events); every interlude is read and
    closed, and the results follow."""
    session = _session("Ada", ("Bo", "sensible"), seed=4, first_game=True)
    app = FoxApp(session=session, bot_delay=0)
    seen: set[str] = set()

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen))
        for _ in range(2000):
            screen = app.screen
            if type(screen).__name__ == "ResultsScreen":
                break
            if isinstance(screen, FoxpawInterlude):
                seen.update(title.split(" ")[0] for title, _ in screen.pages)
                await pilot.press("enter")
                continue
            if isinstance(screen, PlayScreen) and session.humans_to_act() == [0] and panel(app).legal:
                steps = session.step_count
                await choose(pilot, app, ada_move(app, session))
                await wait_for(pilot, lambda: session.step_count > steps)
                continue
            await pilot.pause()
        assert type(app.screen).__name__ == "ResultsScreen"
        view = session.view(None)
        assert session.outcome() is not None and view.obsidio is not None
        assert view.year == 4 and len(view.event_reports) == 2
        assert {"The", "Magical", "Intermediate", "Final"} <= seen

    run(app, body)


def test_a_whole_four_player_bot_game_shown_through_the_ui():
    """Four bots play a whole game on screen (the public view: nobody sits here), the
    results follow, and the last year shows the whole school."""
    session = _session(*((name, "sensible") for name in ("Ada", "Bo", "Cy", "Di")), seed=3)
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ResultsScreen", tries=20000)
        outcome = session.outcome()
        assert outcome is not None and len(outcome.scores) == 4
        text = screen_text(app)
        assert "Foxpaw — results" in text and "Intermediate Scorings" in text

    run(app, body)


# --- a small host for the panel alone


class PanelHost(App):
    """The panel and the key bar, styled as in FoxApp, showing one seat's view."""

    CSS_PATH = [*stylesheets("app.tcss"), *FoxpawPanel.stylesheets()]

    def __init__(self, session: Session, seat: int | None, replay: bool = False) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.replay = replay
        self.chosen: list[Any] = []

    def compose(self) -> ComposeResult:
        yield FoxpawPanel(id="panel", replay=self.replay)
        yield KeyBar()

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        s = self.session
        legal = s.legal_actions(self.seat) if self.seat is not None and not self.replay else []
        self.query_one(FoxpawPanel).show(s.view(self.seat), legal, self.seat)

    def on_game_panel_action_chosen(self, message: GamePanel.ActionChosen) -> None:
        self.chosen.append(message.action)


def panel_text(app: App) -> str:
    """Everything the panel draws now, as plain text (hidden widgets too)."""
    p = panel(app)
    parts = [str(w.render()) for w in p.query(Static)]
    parts += [f"{w.head}\n{w.text}" for w in p.query(PageView)]  # the pages, drawn line by line
    parts += [str(option.prompt) for option in p.query_one(Moves).options]
    return "\n".join(parts)


def placing(seed: int = 4, year: int = 2) -> Session:
    """Ada (human) against Bo (bot): Ada's first placement turn of ``year``."""
    s = _session("Ada", ("Bo", "sensible"), seed=seed)
    return _drive(s, lambda s, seat, m: seat == 0 and s.state.round == year and s.state.tasks[-1].kind == "turn")


def _at(session: Session, kind: str, seat: int = 0) -> Session:
    return _drive(session, lambda s, who, m: who == seat and s.state.tasks[-1].kind == kind)


# --- placing


def test_placing_picks_the_meeple_then_a_legal_space_and_says_what_it_gives():
    session = _drive(placing(seed=4, year=1), lambda s, seat, m: seat == 0 and any(
        isinstance(a, Place) and a.beast for a in s.legal_actions(0)))
    app = PanelHost(session, 0)

    async def body(pilot) -> None:
        p = panel(app)
        places = [a for a in session.legal_actions(0) if isinstance(a, Place)]
        beasts = sorted({a.beast for a in places if a.beast})
        assert p._meeple == "" and all(not a.beast for a in offered(app) if isinstance(a, Place))
        assert "Meeple: Wizard" in panel_text(app)
        await pilot.press("m")
        assert p._meeple == beasts[0]
        assert {a for a in offered(app) if isinstance(a, Place)} == {a for a in places if a.beast == beasts[0]}
        # the highlighted space is zoomed in on the board, and its effect and cost are told
        action = offered(app)[0]
        text = panel_text(app)
        assert C.SPACES[action.space].name in text
        assert any(line in text for line in space_lines(session.view(0), action.space, 0))
        await pilot.press("down", "enter")
        assert app.chosen == [offered(app)[1]] and app.chosen[0] in session.legal_actions(0)
        assert any(app.chosen[0] is a for a in session.legal_actions(0))  # the engine's own object

    run(app, body)


def test_resting_and_leaving_a_space_unused_are_explicit_moves():
    session = _at(placing(seed=4, year=1), "resolve")
    app = PanelHost(session, 0)

    async def body(pilot) -> None:
        text = panel_text(app)
        assert "Rest instead: +4 Energy" in text and "Leave it unused" in text
        assert "use it, rest, or leave it unused" in text
        await pilot.press("end", "enter")
        assert app.chosen == [session.legal_actions(0)[-1]]

    run(app, body)


def test_pages_move_with_arrows_and_letters():
    app = PanelHost(placing(), 1)  # Bo's view while Ada places: nothing to choose

    async def body(pilot) -> None:
        p = panel(app)
        await pilot.press("f")
        assert p._page == "farm" and "Get information" in panel_text(app)
        await pilot.press("right", "right", "right")
        assert p._page == "duel" and "Grandstand" in panel_text(app)
        await pilot.press("v")
        assert p._page == "carnival" and "Carnival card" in panel_text(app)
        await pilot.press("e")
        assert p._page == "events" and "Magical Events after years 2, 4, 5" in panel_text(app)
        await pilot.press("y")
        assert p._page == "you" and "Secret — only you see this" in panel_text(app)
        await pilot.press("o")
        assert p._page == "houses" and "House Obsidio" in panel_text(app)
        await pilot.press("left", "left", "left")
        assert p._page == "carnival"
        assert app.chosen == []

    run(app, body)


def test_the_house_board_shows_tracks_resources_and_the_secret_hand():
    session = placing(seed=4, year=3)
    app = PanelHost(session, 0)

    async def body(pilot) -> None:
        await pilot.press("y")
        text = panel_text(app)
        view = session.view(0)
        me = view.houses[0]
        assert f"Energy {me.energy}/12" in text and f"Coins {me.coins}" in text
        assert f"({me.stars} expiring + {me.perm_stars} permanent)" in text
        for card in view.prophecies:
            assert C.PROPHECY[card].name in text
        for card in view.mischief:
            assert C.mischief(card).name in text
        assert f"value {view.darkness_value}" in text
        assert C.STUDENT[view.student].name in text

    run(app, body)


def test_every_binding_has_an_id_and_a_description():
    for owner in (FoxpawPanel, FoxpawInterlude):
        for binding in owner.BINDINGS:
            assert binding.id and binding.description, (owner.__name__, binding.key)
    assert "Foxpaw keys" in FoxpawPanel.KEYS_HELP
    app = PanelHost(_session("Ada", ("Bo", "sensible")), 0)

    async def body(pilot) -> None:
        keys = [(b.key, b.id, b.description) for b in app.query_one(Moves).bindings]
        assert keys == [
            ("enter", "foxpaw.choose", "Do it"),
            ("k", "foxpaw.choice_up", "Previous move"),
            ("j", "foxpaw.choice_down", "Next move"),
        ]

    run(app, body)


def test_a_replay_offers_nothing_and_shows_any_seat():
    session = _at(placing(seed=4, year=1), "resolve")
    app = PanelHost(session, 0, replay=True)

    async def body(pilot) -> None:
        p = panel(app)
        assert offered(app) == [] and not app.query_one(Moves).display
        await pilot.press("enter")
        assert app.chosen == []
        await pilot.press("y")
        assert "Secret — only you see this" in panel_text(app)  # Ada's perspective

    run(app, body)


# --- hidden information


def _secrets_of(state: Any, other: int, viewer: int) -> set[str]:
    """Names on the cards only ``other`` may know, that ``viewer`` has no other way to see."""
    p, v = state.players[other], state.players[viewer]
    names = {C.STUDENT[c].name for c in p.students}
    names |= {C.PROPHECY[c].name for c in p.prophecies}
    names |= {C.mischief(c).name for c in p.mischief} - {C.mischief(c).name for c in v.mischief}
    running = state.events_done + (state.event is not None)  # the event being played is face up
    for n in range(running, len(state.events)):
        if other in state.event_marks[n] and viewer not in state.event_marks[n]:
            names.add(C.EVENT[state.events[n]].name)
    return names


def _every_page(app: App, session_state: Any, seat: int) -> str:
    """The panel's text on every page it offers to ``seat``, with its legal moves."""
    p = panel(app)
    view, legal = GAME.view(session_state, seat), GAME.legal_actions(session_state, seat)
    for _ in range(2):  # the second time no "last step" line: the same screen whatever was shown before
        p.show(view, legal, seat)
    texts = []
    for page in p._pages():
        p.action_goto(page)
        texts.append(panel_text(app))
    return "\n".join(texts)


def _text_of(renderable: Any) -> str:
    import io

    from rich.console import Console

    console = Console(width=78, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_no_screen_shows_another_seats_secrets():
    """Every page each seat can reach, at many moments of a 2- and a 4-player game, holds
    no other seat's secret card names; and it reads the same when everything that seat
    cannot see is dealt differently. The interludes (public) hold no secrets either."""
    for players, seed in ((2, 21), (4, 8)):
        session = _session(*((f"P{n}", "sensible") for n in range(players)), seed=seed)
        states = [session.state]
        while session.outcome() is None:
            before = session.view(None)
            session.play_bot()
            states.append(session.state)
            pages = interlude_pages(before, session.view(None))
            if pages and session.outcome() is None:
                text = "\n".join(_text_of(body) for _, body in pages)
                for viewer in range(players):
                    for other in range(players):
                        if other != viewer:
                            for name in _secrets_of(session.state, other, viewer):
                                assert name not in text, (name, [t for t, _ in pages])
        host = PanelHost(_session("Ada", "Bo", seed=1), None)

        async def body(pilot, states=states, players=players) -> None:
            for n, state in enumerate(states[:-1:12]):
                for viewer in range(players):
                    text = _every_page(host, state, viewer)
                    for other in range(players):
                        if other != viewer:
                            for name in _secrets_of(state, other, viewer):
                                assert name not in text, (n * 12, viewer, other, name)
                    if n % 3 == 0:  # re-dealt behind the seat's back: not a character changes
                        assert _every_page(host, GAME.determinize(GAME.knowledge(state, viewer), n), viewer) == text

        run(host, body)


# --- secret choices at one keyboard


def duel_for_two_humans() -> Session:
    """Ada and Bea at one keyboard with Cy (a bot), the duel of year 1 about to be chosen."""
    s = _session("Ada", "Bea", ("Cy", "sensible"), seed=5)
    return _drive(s, lambda s, seat, m: s.state.tasks[-1].kind == "duel_secret")


def test_secret_duel_choices_go_seat_by_seat_behind_handovers_then_are_revealed_together():
    session = duel_for_two_humans()
    app = FoxApp(session=session, bot_delay=0)

    async def body(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert "Pass to Ada" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.seat_on_screen == 0)
        text = panel_text(app)
        assert "in secret" in text and "Secret until everyone has chosen." in text
        ada = offered(app)[-1]
        await choose(pilot, app, ada)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert "Pass to Bea" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.seat_on_screen == 1)
        assert "Ada chose" in panel_text(app)  # that she chose, never what
        bea = offered(app)[0]
        await choose(pilot, app, bea)
        await wait_for(pilot, lambda: isinstance(app.screen, FoxpawInterlude))
        title, _ = app.screen.pages[0]
        assert title.startswith("The duel")
        text = screen_text(app)
        report = session.view(None).duel_reports
        shown = session.view(None).gestures or report[-1].gestures
        for gesture in shown:
            assert C.GESTURE_NAME[gesture] in text
        if report:  # the bets are shown with the gestures
            for seat, bet in report[-1].bets:
                assert C.BET_NAME[C.BETS[bet]] in text

    run(app, body)


# --- snapshots (through the real play screen, or the interludes as the play screen shows them)


def _snap(session: Session) -> FoxApp:
    return FoxApp(session=session, bot_delay=0)


async def _on_table(pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, PlayScreen))


def test_snapshot_board_in_placement(snap_compare):
    assert snap_compare(_snap(placing(seed=4, year=3)), terminal_size=(80, 24), run_before=_on_table)


def test_snapshot_whole_board_on_a_roomy_terminal(snap_compare):
    assert snap_compare(_snap(placing(seed=4, year=3)), terminal_size=(120, 32), run_before=_on_table)


def test_snapshot_house_board(snap_compare):
    async def ready(pilot) -> None:
        await _on_table(pilot)
        await pilot.press("y")  # the house board, with the secret hand

    assert snap_compare(_snap(placing(seed=4, year=3)), terminal_size=(80, 24), run_before=ready)


def test_snapshot_handover(snap_compare):
    async def ready(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HandoverScreen))

    assert snap_compare(_snap(duel_for_two_humans()), terminal_size=(80, 24), run_before=ready)


def test_snapshot_duel_reveal(snap_compare):
    async def ready(pilot) -> None:
        app = pilot.app
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.seat_on_screen == 0)
        await pilot.press("down", "enter")  # Ada: Attack!
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayScreen) and app.screen.seat_on_screen == 1)
        await pilot.press("enter")  # Bea bets
        await wait_for(pilot, lambda: isinstance(app.screen, FoxpawInterlude))

    assert snap_compare(_snap(duel_for_two_humans()), terminal_size=(80, 24), run_before=ready)


def test_snapshot_energy_dial_for_dragon_fighting(snap_compare):
    """A secret Energy dial: the Magical Event's page and the bids on offer."""
    s = _session("Ada", ("Bo", "sensible"), ("Cy", "sensible"), ("Di", "sensible"), seed=7)
    session = _at(s, "bid")
    assert session.view(0).event.event == "dragon"
    assert snap_compare(_snap(session), terminal_size=(80, 24), run_before=_on_table)


class InterludeHost(App):
    """The interlude pages of one step, as the play screen shows them to the table."""

    CSS_PATH = stylesheets("app.tcss")

    def __init__(self, pages: list[Any]) -> None:
        super().__init__()
        self.pages = pages

    def on_mount(self) -> None:
        self.push_screen(FoxpawInterlude(self.pages))


def _pages(players: int, seed: int, title: str) -> tuple[list[Any], int]:
    """The interlude pages of the first step of a bots' game that brings a page whose
    title starts with ``title``, and that page's number."""
    session = _session(*((name, "sensible") for name in ("Ada", "Bo", "Cy", "Di")[:players]), seed=seed)
    while session.outcome() is None:
        before = session.view(None)
        session.play_bot()
        pages = interlude_pages(before, session.view(None))
        for n, (page_title, _) in enumerate(pages):
            if page_title.startswith(title):
                return pages, n
    raise AssertionError(f"no {title} page")


def _snap_page(snap_compare, players: int, seed: int, title: str) -> bool:
    pages, n = _pages(players, seed, title)

    async def ready(pilot) -> None:
        await pilot.pause()
        for _ in range(n):
            await pilot.press("enter")

    return snap_compare(InterludeHost(pages), terminal_size=(80, 24), run_before=ready)


def test_snapshot_event_behemoth_fighting(snap_compare):
    assert _snap_page(snap_compare, 4, 13, "Magical Event 1: Behemoth")


def test_snapshot_event_dragon_fighting(snap_compare):
    assert _snap_page(snap_compare, 4, 7, "Magical Event 1: Dragon")


def test_snapshot_event_magical_conflict_first_round(snap_compare):
    assert _snap_page(snap_compare, 4, 1, "Magical Conflict: the first round")


def test_snapshot_event_magical_conflict(snap_compare):
    assert _snap_page(snap_compare, 4, 1, "Magical Event 1: Magical Conflict")


def test_snapshot_event_trimagic_triathlon(snap_compare):
    assert _snap_page(snap_compare, 2, 4, "Magical Event 1: TriMagic")


def test_snapshot_event_quina(snap_compare):
    assert _snap_page(snap_compare, 4, 2, "Magical Event 2: Quina")


def test_snapshot_event_potion_brewing(snap_compare):
    assert _snap_page(snap_compare, 4, 2, "Magical Event 3: Potion Brewing")


def test_snapshot_event_skirmish_cup(snap_compare):
    assert _snap_page(snap_compare, 4, 1, "Magical Event 3: Skirmish Cup")


def test_snapshot_intermediate_scoring(snap_compare):
    assert _snap_page(snap_compare, 2, 4, "Intermediate Scoring")


def test_snapshot_final_scoring(snap_compare):
    assert _snap_page(snap_compare, 4, 1, "Final scoring")


def test_the_gestures_are_shown_before_mischief_may_change_them():
    pages, n = _pages(2, 1, "The duel: the gestures are shown")
    text = _text_of(pages[n][1])
    assert " shows " in text and "Mischief card that changes a gesture" in text


def test_interludes_have_their_help_and_turn_pages_with_enter():
    pages, n = _pages(4, 13, "Magical Event 1: Behemoth")
    app = InterludeHost(pages)

    async def body(pilot) -> None:
        screen = app.screen
        assert isinstance(screen, FoxpawInterlude) and len(pages) > 1
        await pilot.press("question_mark")
        assert type(app.screen).__name__ == "HelpScreen" and "Everyone at the table" in app.screen.markdown
        await pilot.press("escape")
        await pilot.press("enter")
        assert screen.page == 1 and "(page 2 of" in screen_text(app)
        await pilot.press("backspace")
        assert screen.page == 0
        for _ in pages:
            await pilot.press("enter")
        assert not isinstance(app.screen, FoxpawInterlude)

    run(app, body)


def test_a_roomy_terminal_shows_every_location_at_once():
    app = PanelHost(placing(), 0)

    async def body(pilot) -> None:
        cells = list(app.query(".fp-cell"))
        assert len(cells) == 11 and not app.query_one("#fp-board").display
        await pilot.resize_terminal(120, 32)
        await pilot.pause()
        assert app.query_one("#fp-board").display and not app.query_one("#fp-left").display
        assert all(cell.region.width > 0 for cell in cells)
        text = panel_text(app)
        assert "1 Information" in text and "Watching:" in text  # the small cells of the whole board
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.query_one("#fp-board").display and app.query_one("#fp-left").display

    run(app, body)


def test_every_move_and_page_has_words_through_whole_games():
    """Random play reaches every kind of decision: each legal move has its line and its
    details, and every page and interlude can be written, at every step."""
    from foxtui.ui.games import foxpaw_board as board
    from foxtui.ui.games import foxpaw_house as house
    from foxtui.ui.games import foxpaw_words as words

    kinds: set[str] = set()
    for players in (2, 3, 4):
        session = _session(*((f"P{n}", "random") for n in range(players)), seed=players)
        while session.outcome() is None:
            seat = min(session.to_act())
            view = session.view(seat)
            assert words.prompt(view, seat) and words.prompt(view, None)
            for action in session.legal_actions(seat):
                kinds.add(type(action).__name__)
                assert words.label(view, action, seat)
                words.detail(view, action, seat)
            for location in words.LOCATIONS:
                board.location_body(view, location, seat, compact=session.step_count % 2 == 0, width=17)
            board.events_body(view, seat)
            house.my_house(view, seat), house.houses_page(view, seat), house.scoreboard(view, seat)
            before = session.view(None)
            session.play_bot()
            interlude_pages(before, session.view(None))
    assert {"Place", "Train", "Rest", "Leave", "Gesture", "Bet", "ShowDarkness", "Bid", "PlaceObsidio"} <= kinds


def test_the_small_cells_of_a_roomy_terminal_never_cut_a_name():
    """Issue 19: a name is never cut. The whole board's small cells once cut "Player 3"
    to "Playe"; each meeple is now named in full, or (a name too long for its cell)
    by its house's mark, which the head line names."""
    names = ("Player 1", "Player 2", "Player 3")
    session = _session(names[0], (names[1], "sensible"), (names[2], "sensible"), seed=4)
    # year 2: meeples of every house stand on the board
    session = _drive(session, lambda s, seat, m: s.state.round == 2 and s.state.tasks[-1].kind == "turn"
                     and sum(len(here) for here in s.view(None).board) >= 4)
    app = PanelHost(session, 0)

    async def body(pilot) -> None:
        for size in ((120, 40), (160, 50)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            seen = 0
            for cell in app.query(".fp-cell"):
                text = str(cell.render())
                for n in range(len(text)):
                    if text.startswith("Pla", n):
                        seen += 1
                        assert any(text.startswith(name, n) for name in names), (size, text)
            assert seen, size  # (the names are on the board)

    run(app, body, size=(120, 40))


def test_a_120x40_terminal_shows_every_name_whole_no_hole_and_the_house_at_full_height():
    """Issue 39, at 120x40: a blank area of about 57x9 mid-screen, "Teacher's Lo…" and
    "Midnight Car…" cut, and the house page squeezed into 8 rows beside the moves."""
    app = _snap(placing(seed=4, year=3))

    async def body(pilot) -> None:
        await _on_table(pilot)
        await pilot.pause()
        p = panel(app)
        assert p.roomy
        for cell in p.query(".fp-cell"):
            title = str(cell.border_title)
            assert "…" not in title and len(title) <= cell.outer_size.width - 6, (cell.id, title, cell.outer_size.width)
        # the zoomed page takes the room under the shorter columns, in the board
        side = p.query_one("#fp-side")
        assert p.query_one("#fp-board") in side.ancestors and side.size.height >= 5
        assert side.region.x >= p.query_one("#fp-cell-duel").region.x
        await pilot.press("y")  # the house board: the whole board's room
        await pilot.pause()
        page = p.query_one("#fp-page")
        assert page.display and page.size.height >= 20 and page.size.width >= 70
        assert "Student card" in page.text.plain and page.max_scroll_y == 0  # (all of it in sight)
        await pilot.press("y")
        await pilot.pause()
        assert p.query_one("#fp-board").display and not p.has_class("-paged")

    run(app, body, size=(120, 40))
