"""Every lesson written as data (``wartools/lessons/data/*.yaml``) runs, and no text names a
cell or hexside its computation did not produce (issue 15)."""
from __future__ import annotations

from fractions import Fraction
from importlib import resources

import matplotlib
import pytest

matplotlib.use("Agg")

from wartools.lessons.runner import LABEL, LessonError, load_lesson, run, typed_labels  # noqa: E402

GAMES = sorted(p.name.removesuffix(".yaml")
               for p in resources.files("wartools.lessons").joinpath("data").iterdir()
               if p.name.endswith(".yaml"))
ENTRIES = [(g, e.id) for g in GAMES for e in load_lesson(g).entries]


def test_there_are_lessons():
    assert "company-of-heroes" in GAMES and len(ENTRIES) >= 20


@pytest.mark.parametrize("game,entry_id", ENTRIES, ids=[f"{g}:{e}" for g, e in ENTRIES])
def test_entry_runs_and_every_label_is_computed(game, entry_id):
    import matplotlib.pyplot as plt

    entry = load_lesson(game).entry(entry_id)
    assert typed_labels(entry) == [], "cells or hexsides typed by hand in the text"
    done = run(entry)
    produced = {lab for s in done.filled for lab in LABEL.findall(s)}
    for text in (done.text, done.explanation):
        assert set(LABEL.findall(text)) <= produced
        assert "{" not in text and "}" not in text
    if entry.kind == "question":
        q = done.selfcheck()
        right = q.expected()
        assert q.check(str(right)).correct
        if q.choices:
            assert str(right) in [str(c) for c in q.choices]
            wrong = next(c for c in q.choices if str(c) != str(right))
        else:
            wrong = right + 1
        fb = q.check(str(wrong))
        assert not fb.correct and len(fb.message) > 40
    else:
        ax = done.draw()
        assert ax.get_title() and done.section
        plt.close(ax.figure)


@pytest.mark.parametrize("game", GAMES)
def test_every_topic_taught_ends_with_three_or_more_questions(game):
    lesson = load_lesson(game)
    assert lesson.topics("question") and set(lesson.topics("example")) <= set(lesson.topics("question"))
    assert all(sum(e.kind == "question" and e.topic == t for e in lesson.entries) >= 3
               for t in lesson.topics("question"))


def test_a_typed_hexside_is_caught():
    text = ("format: wartools-lesson/1\nmaps: {m: {columns: 7, rows: 7, terrain: {D4: building}}}\n"
            "entries:\n- {id: x, kind: example, topic: los, section: CoH 7, map: m,\n"
            "   compute: {r: {call: line_of_sight, args: [C4, E4]}},\n"
            "   text: 'runs along D4|D5: {r.status}'}\n")
    entry = load_lesson("company-of-heroes", text).entry("x")
    assert typed_labels(entry) == ["D4|D5"]
    done = run(entry)
    assert "D4|D5" in done.text and "D4|D5" not in {lab for s in done.filled for lab in LABEL.findall(s)}


@pytest.mark.parametrize("text,message", [
    ("format: nope\n", "format must be wartools-lesson/1"),
    ("format: wartools-lesson/1\nentries: [{id: x, kind: quiz, topic: a, section: s, map: m}]\n",
     "kind 'quiz'"),
    ("format: wartools-lesson/1\nentries: [{id: x, kind: example, topic: a, section: s, map: m, colour: 1}]\n",
     "unknown field 'colour'"),
    ("format: wartools-lesson/1\nentries: [{id: x, kind: question, topic: a, section: s, map: m}]\n",
     "needs question and answer"),
])
def test_bad_lesson_files_fail_with_one_clear_line(text, message):
    with pytest.raises(LessonError, match=message):
        load_lesson("company-of-heroes", text)


def test_a_call_outside_the_public_api_is_refused():
    text = ("format: wartools-lesson/1\nmaps: {m: {}}\n"
            "entries: [{id: x, kind: example, topic: a, section: s, map: m, "
            "compute: {r: {call: os.system, args: [ls]}}}]\n")
    with pytest.raises(LessonError, match="call 'os.system'"):
        run(load_lesson("company-of-heroes", text).entry("x"))


def test_a_lesson_may_use_a_sample_map_with_options_and_a_bad_one_is_named():
    text = ("format: wartools-lesson/1\nmaps: {river: {sample: combat-infantry-river-crossing.yaml,"
            " options: {night: true}}}\nentries: []\n")
    m = load_lesson("combat-infantry", text).maps["river"]
    assert m.game.option("night") is True and m.units
    with pytest.raises(LessonError, match="sample 'nope.yaml' is not a file.*valid: .*dog-red"):
        load_lesson("combat-infantry", text.replace("combat-infantry-river-crossing.yaml", "nope.yaml"))
    with pytest.raises(LessonError, match="../README.md"):
        load_lesson("combat-infantry", text.replace("combat-infantry-river-crossing.yaml", "../README.md"))


def test_a_hostile_lesson_file_is_refused_in_one_line():
    from wartools.errors import WartoolsError

    with pytest.raises(WartoolsError, match="unsupported YAML tag"):
        load_lesson("company-of-heroes", "format: !!python/object:os.system wartools-lesson/1\n")


def test_methods_of_results_outcomes_terrain_changes_and_attribute_pictures():
    """Runner additions: ``call: =v.method`` calls a public method of an earlier result (and
    refuses a non-callable or a private one), ``d.A`` reads an outcome of a distribution, a
    ``map`` may change terrain, a picture may name a result's attribute, ``|rows`` lists."""
    text = ("format: wartools-lesson/1\nmaps: {m: {columns: 1, rows: 4}}\n"
            "entries:\n- {id: x, kind: example, topic: t, section: s, map: {base: m, terrain: {A2: woods}},\n"
            "   compute: {v: {call: games.conflict_of_heroes.combat.initiative_roll},\n"
            "             aps: {call: games.conflict_of_heroes.combat.variable_ap},\n"
            "             p: {call: '=aps.at_least', args: [12]},\n"
            "             s: {call: games.conflict_of_heroes.shots.shot, args: [A1, A4]},\n"
            "             open: {call: line_of_sight, args: [A1, A4], map: m}},\n"
            "   facts: {tie: v.tie, a: v.A, b: v.B, p: p, blocked: s.status, open: open.status},\n"
            "   text: 'tie {v.tie}:{s.los.reasons|rows}', picture: [{los: s.los}]}\n"
            "- {id: bad, kind: example, topic: t, section: s, map: m, compute: {v: {call: '=map.name'}}}\n"
            "- {id: private, kind: example, topic: t, section: s, map: m, compute: {v: {call: '=map._edited'}}}\n")
    lesson = load_lesson("conflict-of-heroes", text)
    done = run(lesson.entry("x"))
    f = done.facts
    assert f["tie"] + f["a"] + f["b"] == 1 and f["a"] == f["b"] and f["p"] == Fraction(1, 36)
    assert (done.facts["blocked"], done.facts["open"]) == ("blocked", "clear")
    assert done.text.startswith(f"tie {done.facts['tie']}:\n  ")
    assert done.draw().get_title()
    with pytest.raises(LessonError, match="not a method"):
        run(lesson.entry("bad"))
    with pytest.raises(LessonError, match="private"):
        run(lesson.entry("private"))


def test_map_variants_change_terrain_features_interspaces_and_options():
    """A variant ``{base, terrain, features, lift, edges, options}`` of a lesson map; a computed
    reach can be the picture; a distribution's outcome reads like an attribute."""
    from fractions import Fraction

    import matplotlib.pyplot as plt

    text = ("format: wartools-lesson/1\n"
            "maps: {lane: {columns: 4, rows: 1, edges: [[A1, B1, hedgehog]]}}\n"
            "entries:\n- id: x\n  kind: example\n  topic: movement\n  section: HoN 1.3\n"
            "  map: {base: lane, terrain: {C1: stream}, features: {D1: [mine]}, lift: [[A1, B1]],"
            " edges: [[B1, C1, barbed-wire]], options: {fuel: true}}\n"
            "  compute:\n    r: {call: reach, args: [A1, heavy-vehicle]}\n"
            "    stun: {call: games.heroes_of_normandie.combat.mine_attack, args: [[1, 1], 7]}\n"
            "  facts: {budget: r.budget, hit: stun.hit}\n"
            "  picture: [{reach: r}]\n")
    entry = load_lesson("heroes-of-normandie", text).entry("x")
    done = run(entry)
    m = done.map
    assert m.terrain_at("C1") == "stream" and m.features_at("D1") == ("mine",)
    assert m.edge_features_at("A1", "B1") == () and m.edge_features_at("B1", "C1") == ("barbed-wire",)
    assert m.game.option("fuel") is True and done.facts["budget"] == 5 + 1
    assert done.facts["hit"] == Fraction(2, 6)       # HoN 4.2: die + 1 + 1 >= 7 on a 5 or 6
    ax = done.draw()
    assert "reach" in {c.get_gid() for c in ax.collections}
    plt.close(ax.figure)
