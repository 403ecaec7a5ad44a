"""The history's commands: stats and history."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from datetime import datetime

from solitaire.cli.common import (
    make_console,
    open_history,
    prog,
    progress_bar,
    report_skipped,
)
from solitaire.cli.stored import (
    drills_of,
    finished_matches,
    matches_of,
    secret_ids,
    tile_games_of,
)
from solitaire.core.names import command
from solitaire.games import registered_games
from solitaire.match.stats import combined
from solitaire.match.summary import stats_by_level
from solitaire.patience.summary import patience_stats
from solitaire.tiles.summary import tile_stats_of
from solitaire.ui.drill.views import DrillHistoryView, DrillStatsView, drill_json, tally_json
from solitaire.ui.kinds import DRILL, MATCH, PATIENCE, TILES, patience_row
from solitaire.ui.match.views import MatchHistoryView, MatchStatsView
from solitaire.ui.patience.views import HistoryView, StatsView, group_by_deal
from solitaire.ui.practice.figures import every_kind, figures_json, practice_table
from solitaire.ui.progress import NO_REVIEWS, progress_json, progress_of, series_views
from solitaire.ui.tiles.views import TileHistoryView, tile_stats_view
from solitaire.ui.views import Paragraph


def cmd_stats(args: argparse.Namespace) -> int:
    with open_history(args) as history:
        rows = history.games_by_kind()
        figures = history.review_figures()  # the figures alone, never a review's body
        practised = every_kind(history, datetime.now())
        report_skipped(history)
    progress = progress_of(rows, figures)
    report = progress.report()
    if report:
        print(f"{prog()}: {report}", file=sys.stderr)
    stats = patience_stats([patience_row(row) for row in rows[PATIENCE]], recent=args.recent)
    matches = finished_matches(rows[MATCH])
    tile_games = [game.summary for game in tile_games_of(rows[TILES]) if game.row.finished]
    drills = [tally for _, tally in drills_of(rows[DRILL])]
    levels = stats_by_level(matches)
    versus = combined(levels.values()) if matches else None
    tiles = tile_stats_of(tile_games) if tile_games else None
    if args.json:
        out = None if stats is None else dataclasses.asdict(stats)
        if versus is not None:  # the patience's fields stay where they were
            out = {
                **(out or {}),
                "match": {
                    **dataclasses.asdict(versus),
                    "levels": {level: dataclasses.asdict(part) for level, part in levels.items()},
                },
            }
        if tiles is not None:
            out = {**(out or {}), "tiles": dataclasses.asdict(tiles)}
        if drills:
            out = {**(out or {}), "drill": drill_json(drills, args.recent)}
        if out is not None or progress.series:  # (the --auto strategies' alone, say)
            out = {**(out or {}), "progress": progress_json(progress, args.last, args.by)}
        if practised:
            out = {**(out or {}), "practice": {f.kind: figures_json(f) for f in practised}}
        print(json.dumps(out))
        return 0
    console = make_console(args)
    nothing = stats is None and versus is None and tiles is None and not drills
    if nothing and not progress.series:
        if practised:
            console.print(practice_table(practised))
        console.print(
            Paragraph(
                f"No finished games yet: run {command('play')} (the patience), "
                f"{command('match')} (against the computer), {command('drill')} (the pegging "
                f"drill) or {command('tiles')} (the tile game)."
            )
        )
        return 0
    if stats is not None:
        console.print(StatsView(stats, ascii=args.ascii))
    if versus is not None:
        console.print(MatchStatsView(versus))
        if len(levels) > 1:
            for level, part in levels.items():
                console.print(MatchStatsView(part, level))
    if tiles is not None:
        console.print(tile_stats_view(tiles))
    if drills:
        console.print(DrillStatsView(drills, args.recent))
    if stats is not None or versus is not None or tiles is not None or drills:
        console.print()
    if not progress.series:
        console.print(Paragraph(NO_REVIEWS))
    for view in series_views(progress, args.last, args.by, args.ascii):
        console.print(view)
    if practised:
        console.print()
        console.print(practice_table(practised))
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    if args.check:
        return check_history(args)
    with open_history(args) as history:  # every patience game (grouped by deal), --limit of others
        by_kind = history.games_by_kind(
            {entry.kind: args.limit for entry in registered_games() if entry.kind != PATIENCE}
        )
        secret = secret_ids(history, (row for rows in by_kind.values() for row in rows))
        report_skipped(history)
    groups = group_by_deal([patience_row(row) for row in by_kind[PATIENCE]])[: args.limit]
    matches = matches_of(by_kind[MATCH])
    drills = drills_of(by_kind[DRILL])
    tile_games = tile_games_of(by_kind[TILES])
    if args.json:
        rows = [dataclasses.asdict(row) for group in groups for row in group]
        for listed in rows:  # a game's seed and deal code are secret until it ends
            if listed["id"] in secret:
                listed.update(seed=None, deal_code=None)
        for stored in matches:  # after the patience's rows, each with its level and state
            rows.append(
                {
                    **dataclasses.asdict(stored.row),
                    "opponent": stored.opponent,
                    "summary": stored.summary,
                    "state": stored.state(),
                }
            )
        for row, tally in drills:
            rows.append({**dataclasses.asdict(row), "drill": tally_json(tally)})
        for tiles in tile_games:  # then the tile games, each with its seats and state
            rows.append(
                {
                    **dataclasses.asdict(tiles.row),
                    "players": tiles.names,
                    "rules": tiles.rules,
                    "scores": tiles.summary["scores"],
                    "winners": tiles.summary["winners"],
                    "winner_names": None
                    if tiles.summary["winners"] is None
                    else [tiles.names[seat] for seat in tiles.summary["winners"]],
                    "state": tiles.state(),
                }
            )
        for listed in rows:
            if listed["id"] in secret:
                listed["seed"] = None
        print(json.dumps(rows))
        return 0
    console = make_console(args)
    if not groups and not matches and not drills and not tile_games:
        *most, last = [command(entry.command) for entry in registered_games()]
        console.print(Paragraph(f"No games yet: run {', '.join(most)} or {last}."))
        return 0
    if groups:
        console.print(HistoryView(groups, command, secret))
    if matches:
        console.print(MatchHistoryView(matches, command))
    if drills:
        console.print(DrillHistoryView(drills, command))
    if tile_games:
        console.print(TileHistoryView(tile_games, command))
    return 0


def check_history(args: argparse.Namespace) -> int:
    """``history --check``: every stored game replayed against its record, and one line for
    each whose row says otherwise or whose record does not replay; 1 if any, else 0 (a row
    that does not check out at all is reported as ``stats`` reports it, and counts too).
    Interrupted (Ctrl-C), it says what it found in the games checked so far: 130."""
    from solitaire.core.errors import CribsolError
    from solitaire.core.untrusted import safe_text
    from solitaire.ui.kinds import KINDS, disagreement

    problems: list[tuple[int, str, str]] = []
    done, interrupted = 0, False
    with open_history(args) as history:
        by_kind = history.games_by_kind()
        rows = sorted((row for kind in by_kind.values() for row in kind), key=lambda r: r.id)
        with progress_bar(args, "checking", len(rows)) as advance:
            try:
                for row in rows:
                    try:
                        _, text = history.stored_record(row.id, row.kind)
                        why = disagreement(row, text)
                    except (CribsolError, ValueError, RecursionError) as error:
                        why = f"its record does not replay ({safe_text(str(error), 200)})"
                    if why is not None:
                        problems.append((row.id, row.kind, why))
                    done += 1
                    advance(1)
            except KeyboardInterrupt:
                interrupted = True
        report_skipped(history)
        skipped = len(history.skipped)
        unchecked = len(history.unchecked)
    if args.json:
        out = [{"id": i, "kind": kind, "problem": why} for i, kind, why in problems]
        found = {"checked": done, "disagree": out, "skipped": skipped}
        print(json.dumps({**found, "interrupted": True} if interrupted else found))
    else:
        for game_id, kind, why in problems:
            print(f"game {game_id} ({KINDS[kind].noun}): {why}")
        of = f" of {len(rows):,} (interrupted)" if interrupted else ""
        line = (
            f"Checked {done:,}{of} {'game' if len(rows) == 1 else 'games'} against "
            f"{'their records' if len(rows) != 1 else 'its record'}: "
            f"{done - len(problems):,} agree"
        )
        if problems:
            line += f", {len(problems):,} {'do' if len(problems) != 1 else 'does'} not"
        if skipped:
            line += f"; {skipped:,} skipped (they do not check out)"
        if unchecked:
            line += f"; {unchecked:,} of them without a digest to check"
        print(line + ".")
    if interrupted:
        return 130
    return 1 if problems or skipped else 0
