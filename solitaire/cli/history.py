"""The history's commands: stats and history."""

from __future__ import annotations

import argparse
import dataclasses
import json

from solitaire.cli.common import (
    make_console,
    open_history,
    report_skipped,
)
from solitaire.cli.drill_commands import drill_tallies, stored_drills
from solitaire.cli.match_commands import finished_matches, stored_matches
from solitaire.cli.tiles_commands import finished_tile_games, stored_tile_games
from solitaire.match.stats import match_stats
from solitaire.store import command
from solitaire.tiles.stats import tile_stats
from solitaire.ui.drill.views import DrillHistoryView, DrillStatsView, drill_json, tally_json
from solitaire.ui.match.views import MatchHistoryView, MatchStatsView
from solitaire.ui.patience.views import HistoryView, StatsView, group_by_deal
from solitaire.ui.tiles.views import TileHistoryView, tile_stats_view
from solitaire.ui.views import Paragraph


def cmd_stats(args: argparse.Namespace) -> int:
    with open_history(args) as history:
        stats = history.stats(recent=args.recent)
        matches = finished_matches(history)
        tile_games = finished_tile_games(history)
        drills = drill_tallies(history)
        report_skipped(history)
    versus = match_stats(matches) if matches else None
    tiles = tile_stats(tile_games) if tile_games else None
    if args.json:
        out = None if stats is None else dataclasses.asdict(stats)
        if versus is not None:  # the patience's fields stay where they were
            out = {**(out or {}), "match": dataclasses.asdict(versus)}
        if tiles is not None:
            out = {**(out or {}), "tiles": dataclasses.asdict(tiles)}
        if drills:
            out = {**(out or {}), "drill": drill_json(drills, args.recent)}
        print(json.dumps(out))
        return 0
    console = make_console(args)
    if stats is None and versus is None and tiles is None and not drills:
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
    if tiles is not None:
        console.print(tile_stats_view(tiles))
    if drills:
        console.print(DrillStatsView(drills, args.recent))
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    with open_history(args) as history:
        groups = group_by_deal(history.games())[: args.limit]
        matches = stored_matches(history, args.limit)
        drills = stored_drills(history, args.limit)
        tile_games = stored_tile_games(history, args.limit)
        report_skipped(history)
    if args.json:
        rows = [dataclasses.asdict(row) for group in groups for row in group]
        for stored in matches:  # after the patience's rows, each with its level and state
            rows.append(
                {
                    **dataclasses.asdict(stored.row),
                    "opponent": stored.opponent,
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
                    "scores": list(tiles.game.returns()),
                    "winners": list(tiles.game.winners()) if tiles.game.is_over else None,
                    "state": tiles.state(),
                }
            )
        print(json.dumps(rows))
        return 0
    console = make_console(args)
    if not groups and not matches and not drills and not tile_games:
        console.print(
            Paragraph(
                f"No games yet: run {command('play')}, {command('match')}, {command('drill')} "
                f"or {command('tiles')}."
            )
        )
        return 0
    if groups:
        console.print(HistoryView(groups, command))
    if matches:
        console.print(MatchHistoryView(matches, command))
    if drills:
        console.print(DrillHistoryView(drills, command))
    if tile_games:
        console.print(TileHistoryView(tile_games, command))
    return 0
