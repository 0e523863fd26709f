"""The Fox Experiment content as authored for foxtui: the names of the study cards agree
with the traits they ask for (content/dice.json lists the words that name each trait;
each study declares the traits its name implies)."""

from __future__ import annotations

from msgspec.structs import replace

from foxtui.games.fox_experiment.content import DICE, STUDIES, STUDY, TRAIT_INDEX, name_traits, study_name_problem


def test_every_authored_study_name_agrees_with_its_traits() -> None:
    for s in STUDIES:
        assert study_name_problem(s) is None, study_name_problem(s)
        asked = {t for lv in s.levels for t in lv.needs}
        assert name_traits(s.name) <= asked, s.name


def test_a_study_named_for_a_trait_it_does_not_ask_for_is_caught() -> None:
    vocal = next(s for s in STUDIES if s.name == "Vocal Range")
    wrong = replace(vocal, levels=[replace(lv, needs={"spots": 2, "ears": 1}) for lv in vocal.levels])
    assert study_name_problem(wrong) is not None  # named for barking, asks spots and ears (as it did)
    assert study_name_problem(replace(vocal, implies=[])) is not None  # the name speaks of barking
    assert name_traits("Ear Cartilage") == {"ears"} and name_traits("Tail Posture") == {"tail"}
    assert name_traits("Household Manners") == set()


def test_the_eight_misnamed_studies_of_the_issue_now_ask_for_the_trait_they_are_named_for() -> None:
    named = {
        "Vocal Range": "barking",
        "Ear Cartilage": "ears",
        "Tail Posture": "tail",
        "Piebald Survey": "spots",
        "Wagging Response": "tail",
        "Colour Genetics": "spots",
        "Call and Answer": "barking",
        "Lop Inheritance": "ears",
    }
    by_name = {s.name: s for s in STUDIES}
    for name, trait in named.items():
        needs = STUDY[by_name[name].id].needs
        assert all(level[TRAIT_INDEX[trait]] for level in needs), name


def test_trait_words_belong_to_one_trait_each() -> None:
    words = [w for t in DICE.traits for w in t.words]
    assert len(words) == len(set(words)) and all(w == w.lower() for w in words)
