//! Semantic checks: what the schema cannot say about a scenario.

use std::collections::HashMap;

use megahex_schema::Catalog;
use megahex_schema::HexRef;
use megahex_schema::rulesets::sentinel_tactics::objective_rules::fits;
use megahex_schema::rulesets::sentinel_tactics::{ObjectiveKind, Scenario, TokenKind};

use super::map::PlacementProblem;
use crate::board::{Axial, Board, ResolveError, neighbours};
use crate::diagnostic::{Code, Diagnostic, Edit, EditTo, Fix};
use crate::ids::unknown;

/// Runs every semantic check on a scenario that passed the schema.
pub fn check_scenario(scenario: &Scenario, catalog: &Catalog) -> Vec<Diagnostic> {
    let (board, problems) =
        crate::rulesets::sentinel_tactics::map::build_map(&scenario.map, catalog);
    let components = board.connected_components();
    check_scenario_on(scenario, catalog, &board, problems, &components)
}

/// [`check_scenario`] on the board built from the scenario's map, with what went wrong
/// building it and the pieces it is in.
pub fn check_scenario_on(
    scenario: &Scenario,
    catalog: &Catalog,
    board: &Board,
    problems: Vec<PlacementProblem>,
    components: &[Vec<Axial>],
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    check_map(scenario, catalog, board, problems, components, &mut out);
    check_ids(scenario, &mut out);
    check_characters(scenario, board, &mut out);
    check_references(scenario, catalog, &mut out);
    check_tokens(scenario, catalog, board, &mut out);
    check_objectives(scenario, board, &mut out);
    check_zones(scenario, board, &mut out);
    check_power_cards(scenario, &mut out);
    super::assertions::check_places(scenario, board, &mut out);
    out
}

/// Each figure's power cards add up: the cards in play and on attacks are among its `cards`,
/// named once, and no more are in play than it may hold.
fn check_power_cards(scenario: &Scenario, out: &mut Vec<Diagnostic>) {
    for (figure, stats) in &scenario.stats {
        let cards: Vec<&str> = stats.cards.iter().map(String::as_str).collect();
        let at = |key: &str| {
            format!(
                "/stats/{}/{key}",
                crate::yaml::escape_pointer_segment(figure)
            )
        };
        let help = match cards.is_empty() {
            true => "list the figure's power cards under `cards`".to_owned(),
            false => format!("its cards: {}", cards.join(", ")),
        };
        let mut problem = |pointer: String, message: String| {
            out.push(Diagnostic::error(Code::PowerCards, pointer, message).with_help(help.clone()));
        };
        for (i, name) in stats.cards.iter().enumerate() {
            if cards[..i].contains(&name.as_str()) {
                problem(
                    at(&format!("cards/{i}")),
                    format!("`{figure}` lists the power card {name} twice"),
                );
            }
        }
        for (i, name) in stats.in_play.iter().enumerate() {
            if !cards.contains(&name.as_str()) {
                problem(
                    at(&format!("in-play/{i}")),
                    format!(
                        "`{figure}` starts with {name} in play, which is not among its `cards`"
                    ),
                );
            } else if stats.in_play[..i].contains(name) {
                problem(
                    at(&format!("in-play/{i}")),
                    format!("`{figure}` starts with {name} in play twice"),
                );
            }
        }
        for (i, attack) in stats.attacks.iter().enumerate() {
            if let Some(card) = &attack.card
                && !cards.contains(&card.as_str())
            {
                problem(
                    at(&format!("attacks/{i}/card")),
                    format!(
                        "`{figure}`'s {} is on the power card {card}, which is not among its `cards`",
                        attack.name
                    ),
                );
            }
        }
        let most = stats.most_cards_in_play() as usize;
        if stats.in_play.len() > most {
            out.push(
                Diagnostic::error(
                    Code::PowerCards,
                    at(&format!("in-play/{most}")),
                    format!(
                        "`{figure}` starts with {} power cards in play and may hold {most} (\"no more than two power cards in play at a time, unless they have an ability that indicates otherwise\")",
                        stats.in_play.len()
                    ),
                )
                .with_help(format!(
                    "start with at most {most}, or write `cards-in-play: {}` for a character whose ability allows more",
                    stats.in_play.len()
                )),
            );
        }
    }
}

fn check_map(
    scenario: &Scenario,
    catalog: &Catalog,
    board: &Board,
    problems: Vec<PlacementProblem>,
    components: &[Vec<Axial>],
    out: &mut Vec<Diagnostic>,
) {
    let tiles = &scenario.map.tiles;
    let mut first_use: HashMap<u32, usize> = HashMap::new();
    for (i, placement) in tiles.iter().enumerate() {
        match first_use.get(&placement.tile) {
            Some(&first) => {
                let first_side = tiles[first].side.as_str();
                out.push(
                    Diagnostic::error(
                        Code::TileDuplicate,
                        format!("/map/tiles/{i}/tile"),
                        format!(
                            "tile {} is already on the map (map.tiles[{first}], {first_side} side); each physical tile can be used once",
                            placement.tile
                        ),
                    )
                    .with_help("the two faces of a tile share its number: pick another tile number for this placement"),
                );
            }
            None => {
                first_use.insert(placement.tile, i);
            }
        }
    }
    for problem in problems {
        match problem {
            PlacementProblem::UnknownTile { placement } => {
                let tile = &tiles[placement];
                let known: Vec<String> = {
                    let mut numbers: Vec<u32> = catalog
                        .tiles
                        .iter()
                        .filter(|s| s.side == tile.side)
                        .map(|s| s.tile)
                        .collect();
                    numbers.sort_unstable();
                    numbers.dedup();
                    numbers.iter().map(u32::to_string).collect()
                };
                out.push(
                    Diagnostic::error(
                        Code::TileUnknown,
                        format!("/map/tiles/{placement}/tile"),
                        format!(
                            "the catalog has no {} side for tile {}",
                            tile.side.as_str(),
                            tile.tile
                        ),
                    )
                    .with_help(format!(
                        "known tiles: {}; add a catalog to use others",
                        known.join(", ")
                    )),
                );
            }
            PlacementProblem::Overlap {
                placement,
                with,
                hexes,
            } => {
                out.push(
                    Diagnostic::error(
                        Code::TileOverlap,
                        format!("/map/tiles/{placement}/at"),
                        format!(
                            "tile {} overlaps tile {} (map.tiles[{with}]) on {} hex(es)",
                            tiles[placement].tile,
                            tiles[with].tile,
                            hexes.len()
                        ),
                    )
                    .with_help("move the tile so its centre is at least 5 hexes from the other tile's centre")
                    .with_hexes(hexes),
                );
            }
            PlacementProblem::HexTaken { entry, tile, hexes } => {
                let (what, help) = match tile {
                    Some(t) => (
                        format!("tile {} (map.tiles[{t}])", tiles[t].tile),
                        "a hex given one by one goes beside the tiles, not on them: move it, or drop it from the list",
                    ),
                    None => (
                        "an earlier entry of map.hexes".to_owned(),
                        "give each hex once: drop it from one of the lists",
                    ),
                };
                out.push(
                    Diagnostic::error(
                        Code::TileOverlap,
                        format!("/map/hexes/{entry}/at"),
                        format!(
                            "map.hexes[{entry}] gives {} hex(es) that {what} already has",
                            hexes.len()
                        ),
                    )
                    .with_help(help)
                    .with_hexes(hexes),
                );
            }
        }
    }
    if components.len() > 1 {
        let mut pieces_by_tile: Vec<(usize, Vec<Axial>)> = Vec::new();
        for component in components.iter().skip(1) {
            let Some(first) = component.first().and_then(|&at| board.get(at)) else {
                continue;
            };
            pieces_by_tile.push((first.placement, component.clone()));
        }
        for (placement, hexes) in pieces_by_tile {
            // A free hex's placement counts on past the tiles: it names its `map.hexes` entry.
            let (pointer, what) = match tiles.get(placement) {
                Some(tile) => (
                    format!("/map/tiles/{placement}/at"),
                    format!("tile {}", tile.tile),
                ),
                None => {
                    let entry = placement - tiles.len();
                    (
                        format!("/map/hexes/{entry}/at"),
                        format!("map.hexes[{entry}]"),
                    )
                }
            };
            out.push(
                Diagnostic::error(
                    Code::MapDisconnected,
                    pointer,
                    format!(
                        "the map is in {} separate pieces; {what} is cut off from the largest piece",
                        components.len(),
                    ),
                )
                .with_help(if scenario.map.hexes.is_empty() {
                    "place the tiles so that every piece shares an edge with another"
                } else {
                    "place the tiles and hexes so that every piece shares an edge with another"
                })
                .with_hexes(hexes),
            );
        }
    }
}

fn check_ids(scenario: &Scenario, out: &mut Vec<Diagnostic>) {
    let groups: [(&str, &str, Vec<&str>); 3] = [
        (
            "teams",
            "team",
            scenario.teams.iter().map(|t| t.id.as_str()).collect(),
        ),
        (
            "tokens",
            "token",
            scenario.tokens.iter().map(|t| t.id.as_str()).collect(),
        ),
        (
            "objectives",
            "objective",
            scenario.objectives.iter().map(|o| o.id.as_str()).collect(),
        ),
    ];
    crate::ids::duplicates(&groups, out);
}

/// "Each character is represented by a character panel" (rulebook, Character Panels), and one
/// token or miniature shows "where on the map each character is": a
/// character token may stand on the map once. Minions and other targets may repeat. A warning,
/// since a group with two boxes can field a character twice and allow the code.
fn check_characters(scenario: &Scenario, board: &Board, out: &mut Vec<Diagnostic>) {
    let mut first: Vec<(&str, usize)> = Vec::new();
    for (i, token) in scenario.tokens.iter().enumerate() {
        let (TokenKind::Character, Some(character)) = (token.kind, token.character.as_deref())
        else {
            continue;
        };
        match first.iter().find(|(c, _)| *c == character) {
            None => first.push((character, i)),
            Some(&(_, earlier)) => out.push(
                Diagnostic::warning(
                    Code::CharacterDuplicate,
                    format!("/tokens/{i}/character"),
                    format!(
                        "`{character}` is already on the map as token `{}` (tokens[{earlier}]); a character is one panel and one figure",
                        scenario.tokens[earlier].id
                    ),
                )
                .with_help(
                    "choose another character, or make this one a `minion` if it is one of several; a group that owns two boxes can allow it with `--allow character-duplicate` or in megahex.toml".to_owned(),
                )
                // Both tokens, so the map marks them; hexes off the map are reported elsewhere.
                .with_hexes(
                    [earlier, i]
                        .into_iter()
                        .flat_map(|t| scenario.tokens[t].at.hexes())
                        .filter_map(|reference| board.resolve(reference).ok()),
                ),
            ),
        }
    }
}

fn check_references(scenario: &Scenario, catalog: &Catalog, out: &mut Vec<Diagnostic>) {
    let teams: Vec<&str> = scenario.teams.iter().map(|t| t.id.as_str()).collect();
    let tokens: Vec<&str> = scenario.tokens.iter().map(|t| t.id.as_str()).collect();
    let team_known = |id: &str| teams.contains(&id);
    for (i, token) in scenario.tokens.iter().enumerate() {
        if let Some(team) = &token.team
            && !team_known(team)
        {
            out.push(unknown(
                format!("/tokens/{i}/team"),
                team,
                format!(
                    "token `{}` names team `{team}`, which is not in `teams`",
                    token.id
                ),
                &teams,
            ));
        }
        if let Some(character) = &token.character {
            match catalog.figure(character) {
                None => {
                    let figures: Vec<&str> =
                        catalog.figures.iter().map(|f| f.id.as_str()).collect();
                    out.push(unknown(
                        format!("/tokens/{i}/character"),
                        character,
                        format!(
                            "token `{}` is `{character}`, which is not in the roster",
                            token.id
                        ),
                        &figures,
                    ));
                }
                Some(figure)
                    if token.kind.is_figure() && figure.kind.token_kind() != token.kind =>
                {
                    out.push(
                        Diagnostic::warning(
                            Code::UnknownReference,
                            format!("/tokens/{i}/kind"),
                            format!(
                                "token `{}` is a {} but `{character}` is a {} in the roster",
                                token.id,
                                token.kind.as_str(),
                                figure.kind.token_kind().as_str()
                            ),
                        )
                        .with_help(format!(
                            "write `kind: {}`",
                            figure.kind.token_kind().as_str()
                        ))
                        .with_fix(Fix {
                            title: format!("write `kind: {}`", figure.kind.token_kind().as_str()),
                            edits: vec![Edit {
                                pointer: format!("/tokens/{i}/kind"),
                                to: EditTo::Value(figure.kind.token_kind().as_str().into()),
                            }],
                        }),
                    );
                }
                Some(_) => {}
            }
        }
    }
    for (i, objective) in scenario.objectives.iter().enumerate() {
        if !team_known(&objective.team) {
            out.push(unknown(
                format!("/objectives/{i}/team"),
                &objective.team,
                format!(
                    "objective `{}` belongs to team `{}`, which is not in `teams`",
                    objective.id, objective.team
                ),
                &teams,
            ));
        }
        for (list, ids) in [
            ("targets", &objective.targets),
            ("tokens", &objective.tokens),
        ] {
            for (j, id) in ids.iter().enumerate() {
                if !tokens.contains(&id.as_str()) {
                    out.push(unknown(
                        format!("/objectives/{i}/{list}/{j}"),
                        id,
                        format!(
                            "objective `{}` names token `{id}`, which is not in `tokens`",
                            objective.id
                        ),
                        &tokens,
                    ));
                }
            }
        }
    }
    // Turn order tokens name a team (any of its figures) or a figure's token id.
    let figures: Vec<&str> = scenario
        .tokens
        .iter()
        .filter(|t| t.is_target())
        .map(|t| t.id.as_str())
        .collect();
    for (i, entry) in scenario.turn_order.iter().enumerate() {
        if !team_known(entry) && !figures.contains(&entry.as_str()) {
            let mut known: Vec<&str> = teams.clone();
            known.extend(&figures);
            out.push(unknown(
                format!("/turn-order/{i}"),
                entry,
                format!(
                    "the turn order names `{entry}`, which is neither a team in `teams` nor a figure in `tokens`"
                ),
                &known,
            ));
        }
    }
    for (i, zone) in scenario.deployment.iter().enumerate() {
        if !team_known(&zone.team) {
            out.push(unknown(
                format!("/deployment/{i}/team"),
                &zone.team,
                format!(
                    "a deployment zone belongs to team `{}`, which is not in `teams`",
                    zone.team
                ),
                &teams,
            ));
        }
    }
    for (i, wave) in scenario.reinforcements.iter().enumerate() {
        if !team_known(&wave.team) {
            out.push(unknown(
                format!("/reinforcements/{i}/team"),
                &wave.team,
                format!(
                    "reinforcements join team `{}`, which is not in `teams`",
                    wave.team
                ),
                &teams,
            ));
        }
        if catalog.figure(&wave.character).is_none() {
            let figures: Vec<&str> = catalog.figures.iter().map(|f| f.id.as_str()).collect();
            out.push(unknown(
                format!("/reinforcements/{i}/character"),
                &wave.character,
                format!("reinforcement `{}` is not in the roster", wave.character),
                &figures,
            ));
        }
    }
    for (i, bonus) in scenario.bonuses.iter().enumerate() {
        if !team_known(&bonus.team) {
            out.push(unknown(
                format!("/bonuses/{i}/team"),
                &bonus.team,
                format!(
                    "a bonus goes to team `{}`, which is not in `teams`",
                    bonus.team
                ),
                &teams,
            ));
        }
    }
}

/// Turns a failed hex reference into the right diagnostic for where it was written.
pub(super) fn resolve_problem(
    error: &ResolveError,
    pointer: String,
    off_map_code: Code,
    owner: &str,
) -> Diagnostic {
    match error {
        ResolveError::OffMap(at) => {
            Diagnostic::error(off_map_code, pointer, format!("{owner}: {error}"))
                .with_help("use a hex on a placed tile; `megahex tiles` lists each tile's hexes")
                .with_hexes([*at])
        }
        ResolveError::TileNotPlaced(_) | ResolveError::NoSuchIndex { .. } => {
            Diagnostic::error(Code::UnknownReference, pointer, format!("{owner}: {error}"))
                .with_help("`T/I` names hex I (1..19) of tile T as placed in `map.tiles`")
        }
    }
}

fn check_tokens(scenario: &Scenario, catalog: &Catalog, board: &Board, out: &mut Vec<Diagnostic>) {
    // The target standing on each hex of the board, by board slot.
    let mut occupant: Vec<Option<&str>> = vec![None; board.hexes().len()];
    for (i, token) in scenario.tokens.iter().enumerate() {
        let refs = token.at.hexes();
        let many = refs.len() > 1 || matches!(token.at, megahex_schema::Footprint::Many(_));
        let mut hexes = Vec::new();
        for (j, reference) in refs.iter().enumerate() {
            let pointer = if many {
                format!("/tokens/{i}/at/{j}")
            } else {
                format!("/tokens/{i}/at")
            };
            match board.resolve(reference) {
                Ok(at) => hexes.push(at),
                Err(e) => out.push(resolve_problem(
                    &e,
                    pointer,
                    Code::TokenOffMap,
                    &format!("token `{}`", token.id),
                )),
            }
        }
        if hexes.len() != refs.len() {
            continue;
        }
        if token.kind.is_figure() || token.health.is_some() {
            let figure = token.character.as_deref().and_then(|c| catalog.figure(c));
            if let Some(problem) = footprint_problem(&hexes, figure.and_then(|f| f.hexes)) {
                let name = figure.map(|f| f.name.as_str()).unwrap_or(token.id.as_str());
                out.push(
                    Diagnostic::error(
                        Code::FootprintInvalid,
                        format!("/tokens/{i}/at"),
                        format!("{name} (`{}`): {problem}", token.id),
                    )
                    .with_help(
                        "list the hexes the figure covers; each must share an edge with another",
                    )
                    .with_hexes(hexes.iter().copied()),
                );
            }
        }
        if token.is_target() {
            let mut clashes = Vec::new();
            for &at in &hexes {
                let Some(slot) = board.slot(at) else {
                    continue;
                };
                match occupant[slot] {
                    Some(other) if other != token.id => clashes.push((at, other)),
                    Some(_) => {}
                    None => occupant[slot] = Some(token.id.as_str()),
                }
            }
            if let Some((_, other)) = clashes.first() {
                out.push(
                    Diagnostic::error(
                        Code::HexOccupied,
                        format!("/tokens/{i}/at"),
                        format!("`{}` stands where `{other}` already stands; two targets cannot share a hex", token.id),
                    )
                    .with_help("markers may share a hex with a figure, but figures (anything with health) may not share")
                    .with_hexes(clashes.iter().map(|(at, _)| *at)),
                );
            }
        }
    }
}

/// What is wrong with a figure's hexes, if anything.
pub(crate) fn footprint_problem(hexes: &[Axial], expected: Option<u32>) -> Option<String> {
    let Some(&first) = hexes.first() else {
        return Some("no hexes are listed".into());
    };
    let mut sorted = hexes.to_vec();
    sorted.sort_unstable();
    if sorted.windows(2).any(|pair| pair[0] == pair[1]) {
        return Some("the same hex is listed twice".into());
    }
    if let Some(expected) = expected
        && hexes.len() != expected as usize
    {
        return Some(format!(
            "covers {} hex(es), but the figure covers {expected}",
            hexes.len()
        ));
    }
    // Contiguous: every hex reachable from the first through listed neighbours.
    let mut reached = vec![false; sorted.len()];
    let mut count = 0;
    let mut frontier = vec![first];
    if let Ok(k) = sorted.binary_search(&first) {
        reached[k] = true;
        count = 1;
    }
    while let Some(at) = frontier.pop() {
        for next in neighbours(at) {
            if let Ok(k) = sorted.binary_search(&next)
                && !reached[k]
            {
                reached[k] = true;
                count += 1;
                frontier.push(next);
            }
        }
    }
    if count != hexes.len() {
        return Some("its hexes do not all touch; a figure's hexes must be contiguous".into());
    }
    None
}

fn check_objectives(scenario: &Scenario, board: &Board, out: &mut Vec<Diagnostic>) {
    let token_by_id: HashMap<&str, &megahex_schema::rulesets::sentinel_tactics::Token> =
        scenario.tokens.iter().map(|t| (t.id.as_str(), t)).collect();
    for (i, objective) in scenario.objectives.iter().enumerate() {
        let here = |key: &str| format!("/objectives/{i}/{key}");
        let impossible = |key: &str, message: String| {
            Diagnostic::error(
                Code::ObjectiveImpossible,
                here(key),
                format!("objective `{}`: {message}", objective.id),
            )
        };
        match objective.kind {
            ObjectiveKind::Incapacitate => {
                let targets: Vec<&megahex_schema::rulesets::sentinel_tactics::Token> =
                    if objective.targets.is_empty() {
                        scenario
                            .tokens
                            .iter()
                            .filter(|t| {
                                t.kind == TokenKind::Character
                                    && t.team.as_deref() != Some(objective.team.as_str())
                            })
                            .collect()
                    } else {
                        objective
                            .targets
                            .iter()
                            .filter_map(|id| token_by_id.get(id.as_str()).copied())
                            .collect()
                    };
                for (j, id) in objective.targets.iter().enumerate() {
                    if let Some(t) = token_by_id.get(id.as_str())
                        && t.kind != TokenKind::Character
                    {
                        out.push(impossible(&format!("targets/{j}"), format!("`{id}` is a {}, and only characters are incapacitated", t.kind.as_str()))
                            .with_help("use a `destroy` objective for minions, environment figures and tokens with health"));
                    }
                }
                if objective.targets.is_empty() && targets.is_empty() {
                    out.push(impossible(
                        "kind",
                        "there are no enemy characters to incapacitate".into(),
                    ));
                }
            }
            ObjectiveKind::Destroy => {
                for (j, id) in objective.targets.iter().enumerate() {
                    let Some(t) = token_by_id
                        .get(id.as_str())
                        .filter(|t| !fits(ObjectiveKind::Destroy, &objective.team, t))
                    else {
                        continue;
                    };
                    if t.kind == TokenKind::Character {
                        out.push(impossible(&format!("targets/{j}"), format!("`{id}` is a character; characters are incapacitated, not destroyed"))
                            .with_help("use an `incapacitate` objective for characters"));
                    } else if !t.is_target() {
                        out.push(
                            impossible(
                                &format!("targets/{j}"),
                                format!("`{id}` has no health, so it cannot be destroyed"),
                            )
                            .with_help("give the token `health:` to make it a target"),
                        );
                    }
                }
                let wanted = objective.count.unwrap_or(objective.targets.len() as u32);
                if wanted as usize > objective.targets.len() {
                    out.push(impossible("count", format!("asks for {wanted} destroyed but lists {} target(s); destroyed targets leave the game", objective.targets.len())));
                }
            }
            ObjectiveKind::Collect => {
                for (j, id) in objective.tokens.iter().enumerate() {
                    if let Some(t) = token_by_id.get(id.as_str())
                        && !fits(ObjectiveKind::Collect, &objective.team, t)
                    {
                        out.push(impossible(
                            &format!("tokens/{j}"),
                            format!(
                                "`{id}` is a target (it has health); only markers can be collected"
                            ),
                        ));
                    }
                }
                let wanted = objective.count.unwrap_or(objective.tokens.len() as u32);
                if wanted as usize > objective.tokens.len() {
                    out.push(
                        impossible(
                            "count",
                            format!(
                                "asks to collect {wanted} token(s) but only {} exist",
                                objective.tokens.len()
                            ),
                        )
                        .with_help("lower `count` or add tokens to the objective"),
                    );
                }
            }
            ObjectiveKind::Hold | ObjectiveKind::Reach => {
                for (j, reference) in objective.hexes.iter().enumerate() {
                    if let Err(e) = board.resolve(reference) {
                        let mut d = resolve_problem(
                            &e,
                            here(&format!("hexes/{j}")),
                            Code::ObjectiveImpossible,
                            &format!("objective `{}`", objective.id),
                        );
                        if d.code == Code::ObjectiveImpossible {
                            d.message.push_str(", so no figure can stand there");
                        }
                        out.push(d);
                    }
                }
                if objective.kind == ObjectiveKind::Hold
                    && let Some(count) = objective.count
                    && count as usize > objective.hexes.len()
                {
                    out.push(impossible(
                        "count",
                        format!(
                            "asks to hold {count} hex(es) but lists {}",
                            objective.hexes.len()
                        ),
                    ));
                }
            }
            ObjectiveKind::Survive => {}
        }
        if let (Some(rounds), Some(limit)) = (objective.rounds, scenario.round_limit)
            && rounds > limit
        {
            out.push(impossible(
                "rounds",
                format!("needs {rounds} rounds but the game ends after {limit} (`round-limit`)"),
            ));
        }
    }
}

fn check_zones(scenario: &Scenario, board: &Board, out: &mut Vec<Diagnostic>) {
    let lists: Vec<(String, &Vec<HexRef>, String)> = scenario
        .deployment
        .iter()
        .enumerate()
        .map(|(i, z)| {
            (
                format!("/deployment/{i}/hexes"),
                &z.hexes,
                format!("deployment zone of `{}`", z.team),
            )
        })
        .chain(scenario.reinforcements.iter().enumerate().map(|(i, r)| {
            (
                format!("/reinforcements/{i}/hexes"),
                &r.hexes,
                format!("reinforcements of `{}`", r.team),
            )
        }))
        .collect();
    for (pointer, hexes, owner) in lists {
        for (j, reference) in hexes.iter().enumerate() {
            if let Err(e) = board.resolve(reference) {
                out.push(resolve_problem(
                    &e,
                    format!("{pointer}/{j}"),
                    Code::HexOffMap,
                    &owner,
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn footprints_need_the_right_count_and_touching_hexes() {
        assert_eq!(footprint_problem(&[[0, 0]], Some(1)), None);
        assert_eq!(footprint_problem(&[[0, 0], [1, 0], [0, 1]], Some(3)), None);
        assert!(
            footprint_problem(&[[0, 0], [1, 0]], Some(3))
                .unwrap()
                .contains("covers 2")
        );
        assert!(
            footprint_problem(&[[0, 0], [2, 0], [1, 1]], Some(3))
                .unwrap()
                .contains("do not all touch")
        );
        assert!(
            footprint_problem(&[[0, 0], [0, 0]], None)
                .unwrap()
                .contains("twice")
        );
    }
}

#[cfg(test)]
mod footprint_tests {
    use super::*;

    /// The answer by the definition: no repeats, then every hex reached from the first
    /// through listed hexes one step apart.
    fn by_definition(hexes: &[Axial]) -> Option<&'static str> {
        for (i, a) in hexes.iter().enumerate() {
            if hexes[..i].contains(a) {
                return Some("twice");
            }
        }
        let mut reached = vec![hexes[0]];
        let mut grew = true;
        while grew {
            grew = false;
            for &h in hexes {
                if !reached.contains(&h)
                    && reached.iter().any(|&r| crate::board::distance(r, h) == 1)
                {
                    reached.push(h);
                    grew = true;
                }
            }
        }
        (reached.len() != hexes.len()).then_some("apart")
    }

    #[test]
    fn footprints_are_judged_as_the_definition_judges_them() {
        let around: Vec<Axial> = (-2..=2)
            .flat_map(|q| (-2..=2).map(move |r| [q, r]))
            .collect();
        let mut state = 0x2545_F491_u64;
        for _ in 0..3000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let len = 1 + (state >> 60) as usize % 4;
            let hexes: Vec<Axial> = (0..len)
                .map(|k| around[((state >> (8 * k + 3)) % around.len() as u64) as usize])
                .collect();
            let ours = footprint_problem(&hexes, None);
            match by_definition(&hexes) {
                None => assert_eq!(ours, None, "{hexes:?}"),
                Some("twice") => assert!(ours.unwrap().contains("twice"), "{hexes:?}"),
                Some(_) => assert!(ours.unwrap().contains("touch"), "{hexes:?}"),
            }
        }
    }
}
