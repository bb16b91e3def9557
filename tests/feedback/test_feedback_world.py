"""The feedback world: deterministic generation, the hidden profile, the rules, the
simulator's schema, the reference assistant and the protocols' schedules."""

from __future__ import annotations

import json
from math import ceil

import pytest

from inspect_memgym.feedback.world.aspects import AspectDraw, on_file_draft
from inspect_memgym.feedback.world.checking import check_reply
from inspect_memgym.feedback.world.generate import generate_world
from inspect_memgym.feedback.world.model import FeedbackWorld, ServiceRequest
from inspect_memgym.feedback.world.protocols import schedule
from inspect_memgym.feedback.world.reference import reference_dialogue, scripted_reply
from inspect_memgym.feedback.world.simulator import (
    IMPLICIT_ACTIONS,
    POSITIVE_RESPONSE,
    render_user_message,
    scripted_feedback,
)
from inspect_memgym.feedback.world.text_match import contains_phrase, word_count
from inspect_memgym.feedback.world.tiers import FEEDBACK_TIERS

WORLDS = [generate_world(tier, seed) for tier in FEEDBACK_TIERS for seed in range(4)]


def test_generation_is_deterministic_and_round_trips_through_json() -> None:
    world = generate_world("standard", 3)
    assert generate_world("standard", 3) == world
    assert generate_world("standard", 4) != world
    data = json.loads(json.dumps(world.to_dict()))
    assert FeedbackWorld.from_dict(data) == world
    assert json.dumps(world.to_dict(), sort_keys=True) == json.dumps(
        generate_world("standard", 3).to_dict(), sort_keys=True
    )


@pytest.mark.parametrize("world", WORLDS, ids=lambda world: world.world_id)
def test_every_item_is_trained_then_tested_in_different_requests(world: FeedbackWorld) -> None:
    tier = FEEDBACK_TIERS[world.tier]
    assert [item.item_id for item in world.items] == list(tier.aspects)
    assert {item.kind for item in world.items} == {"declarative", "procedural"}
    for item in world.items:
        training = [r for r in world.training if r.aspect == item.item_id]
        tests = [r for r in world.test if r.aspect == item.item_id and not r.control]
        assert len(training) == tier.training_per_item and len(tests) == tier.test_per_item
        assert item.truth in item.exploration and len(set(item.exploration)) == 4
        assert all(r.gold == item.truth and not r.control for r in training + tests)
        # the profile never shows in a request, and no test reply (right or wrong) is a
        # training reply
        assert all(item.statement not in r.text for r in (*world.training, *world.test))
        for test in tests:
            assert all(
                mine not in reply
                for mine in test.replies.values()
                for r in training
                for reply in r.replies.values()
            )
    assert '"' not in "".join(item.statement for item in world.items)  # survives JSON memory
    controls = [r for r in world.test if r.control]
    assert len(controls) == tier.controls
    assert {r.kind for r in controls} == {"declarative", "procedural"}
    for control in controls:
        item = world.item(control.aspect)
        assert control.gold != item.truth and control.item_id is None
    assert len({r.request_id for r in (*world.training, *world.test)}) == len(world.training) + len(
        world.test
    )


def _requests(world: FeedbackWorld) -> list[ServiceRequest]:
    return [*world.training, *world.test]


@pytest.mark.parametrize("world", WORLDS, ids=lambda world: world.world_id)
def test_the_rules_accept_the_gold_variant_only(world: FeedbackWorld) -> None:
    for request in _requests(world):
        assert check_reply(request, request.gold_reply).correct, request.request_id
        order = world.item(request.aspect).exploration
        for key, reply in request.replies.items():
            if key == request.gold:
                continue
            verdict = check_reply(request, reply)
            assert not verdict.correct and verdict.addressed and verdict.shown == (key,)
            if request.check == "phrase":
                hedge = check_reply(request, f"{request.gold_reply} Or: {reply}")
                assert not hedge.correct and "hedges" in hedge.reason
        assert set(order) == set(request.replies)
        assert not check_reply(request, "I am not sure.").addressed


def test_phrases_match_whole_words_and_word_ranges_count_words() -> None:
    assert contains_phrase("Confirmed on 4 March 2025.", "4 March 2025")
    assert not contains_phrase("Confirmed on 14 March 2025.", "4 March 2025")
    assert contains_phrase("Ticket TKT–4821 is open", "TKT-4821")  # dashes folded
    assert not contains_phrase("ticket #48210", "#4821")
    assert word_count("Dear Ms Ahn, the Atlas migration: done.") == 7
    world = generate_world("standard", 0)
    update = next(r for r in world.test if r.check == "word_range" and not r.control)
    fewest, most = update.word_ranges[update.gold]
    assert not check_reply(update, " ".join(["word"] * fewest)).addressed  # names no project
    padded = [f"{update.required} is on track:", *["fine"] * 80]
    for words in {fewest, most or fewest + 30}:
        right = " ".join(padded)
        while word_count(right) > words:
            right = right.rsplit(" ", 1)[0]
        assert word_count(right) == words and check_reply(update, right).correct
    # two-sided: one word shorter or longer than the range is wrong, short or long alike
    for words in (fewest - 1, (most or 10**6) + 1):
        if 1 < words < 90:
            reply = " ".join(padded)
            while word_count(reply) > words:
                reply = reply.rsplit(" ", 1)[0]
            check = check_reply(update, reply)
            assert not check.correct and len(check.shown) == 1


def test_feedback_follows_memorybench_schema_and_never_exceeds_the_rounds() -> None:
    world = generate_world("standard", 1)
    request = world.training[0]
    item = world.item(request.aspect)
    wrong = request.replies[item.exploration[0]]
    first = scripted_feedback(world, request, wrong, 0, 3)
    assert first.implicit_action == "dislike" and first.behavior == "continue_conversation"
    assert item.statement in first.response and first.reasoning
    last = scripted_feedback(world, request, wrong, 2, 3)
    assert last.behavior == "end_conversation" and item.statement in last.response
    right = scripted_feedback(world, request, request.gold_reply, 0, 3)
    assert right.implicit_action == ("copy" if request.copyable else "like") and right.ends
    assert right.response == POSITIVE_RESPONSE
    off_topic = scripted_feedback(world, request, "Hello!", 0, 3)
    assert off_topic.implicit_action == "none"
    assert {given.implicit_action for given in (first, right, off_topic)} <= set(IMPLICIT_ACTIONS)
    assert render_user_message(first, "implicit") == "[feedback: dislike]"
    assert render_user_message(first, "verbal") == first.response
    assert render_user_message(first, "both") == f"{first.response} [feedback: dislike]"


@pytest.mark.parametrize("max_rounds", [1, 2, 3])
def test_the_reference_assistant_learns_within_a_dialogue_only_from_words(max_rounds: int) -> None:
    world = generate_world("standard", 2)
    for request in world.training:
        item = world.item(request.aspect)
        verbal = reference_dialogue(world, request, "verbal", max_rounds)
        assert verbal.messages[1][1] == request.replies[item.exploration[0]]  # its default
        default_right = item.truth == item.exploration[0]
        assert verbal.solved == (max_rounds > 1 or default_right)
        assert len(verbal.feedback) == (1 if default_right else min(2, max_rounds))
        implicit = reference_dialogue(world, request, "implicit", max_rounds)
        assert implicit.solved == (item.exploration.index(item.truth) < max_rounds)
        assert all(text.startswith("[feedback: ") for role, text in implicit.messages[2::2])
        assert item.statement not in json.dumps(implicit.messages)
    # the default is right for some items and wrong for others (any variant, equally often)
    assert {i.truth == i.exploration[0] for i in world.items} == {True, False}
    # the reference assistant does not carry anything over: a control is answered as stated
    control = next(r for r in world.test if r.control)
    assert scripted_reply(world, control, 0, knows=False) == control.gold_reply


def test_schedules_of_the_three_protocols() -> None:
    ids = [f"train-{number:02d}" for number in range(1, 11)]
    stepwise = schedule(ids, "stepwise", 4, 9, "w")
    assert [len(batch) for batch in stepwise] == [4, 4, 2] and len(stepwise) == ceil(10 / 4)
    # both off-policy protocols show the same dialogues in the same order
    assert schedule(ids, "off_policy", 4, 9, "w") == [[r for batch in stepwise for r in batch]]
    assert sorted(schedule(ids, "off_policy", 4, 9, "w")[0]) == ids
    on_policy = schedule(ids, "on_policy", 4, 5, "w")
    assert len(on_policy) == 5 and all(len(set(batch)) == 4 for batch in on_policy)
    served = [request for batch in on_policy for request in batch]
    assert set(served[:10]) == set(ids)  # every request once before any repeats
    assert schedule(ids, "on_policy", 4, 5, "w") == on_policy
    assert schedule(ids, "on_policy", 4, 5, "other world") != on_policy
    # a batch larger than the pool serves every request once per step
    assert all(sorted(batch) == ids[:2] for batch in schedule(ids[:2], "on_policy", 8, 2, "w"))
    for protocol, batch_size, steps, message in [
        ("online", 4, 5, "unknown protocol 'online'"),
        ("stepwise", 0, 5, "batch_size must be a positive integer"),
        ("on_policy", 4, 0, "steps must be a positive integer"),
    ]:
        with pytest.raises(ValueError, match=message):
            schedule(ids, protocol, batch_size, steps, "w")


def test_a_request_about_a_value_on_file_replies_with_each_value() -> None:
    draw = AspectDraw({"room_0": "Atrium", "room_1": "Loft"}, {})
    draft = on_file_draft("Which room?", draw, lambda room: f"Book {room}.")
    assert draft.text == "Which room?"
    assert draft.replies == {"room_0": "Book Atrium.", "room_1": "Book Loft."}
    assert draft.evidence == {"room_0": "Atrium", "room_1": "Loft"}
    assert draft.evidence is not draw.labels
