"""Fitness: training goal, training place and physical limitations, for a workout routine."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "fitness"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="fitness_goal",
        label="fitness goal",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="weight loss",
                reveals=(
                    "My main aim right now is to drop about ten kilos before the summer.",
                    "I want my old jeans to fit again, so shedding a few kilos is the priority.",
                    "The number on the bathroom scale is what I'm trying to bring down.",
                ),
                events=(
                    "After a routine check-up last month, I decided my training needed a new "
                    "focus.",
                    "Seeing some photos of myself from last summer gave me a push to change my "
                    "goals.",
                ),
                advice=(
                    "Do brisk cardio on most days and pair it with a modest calorie deficit, "
                    "aiming to lose about half a kilo a week."
                ),
            ),
            ValueSpec(
                name="muscle gain",
                reveals=(
                    "I want broader shoulders and arms that actually fill out my sleeves.",
                    "My goal is to lift heavier every week and bulk up.",
                    "I'm eating extra protein because I'm trying to add size to my frame.",
                ),
                events=(
                    "After I struggled to lift a heavy suitcase by myself, I decided to change my "
                    "training.",
                    "Watching a strength competition last month gave me a new goal.",
                ),
                advice=(
                    "Do progressive strength work three times a week, adding load or reps each "
                    "session, and eat enough protein to grow."
                ),
            ),
            ValueSpec(
                name="endurance",
                reveals=(
                    "I've signed up for a half marathon in the autumn and want to last the whole "
                    "distance.",
                    "I want to be able to keep moving for hours without running out of steam.",
                    "Stamina is what I'm chasing, so I can go longer and longer without stopping.",
                ),
                events=(
                    "After a friend invited me to join a charity relay, my training priorities "
                    "shifted.",
                    "I got winded climbing the stairs last month and decided to change my focus.",
                ),
                advice=(
                    "Build up one long, steady session a week, adding about ten percent of "
                    "distance or time each week."
                ),
            ),
        ),
        requests=(
            "How many days a week should I be exercising?",
            "Can you help me structure my training sessions?",
        ),
    ),
    VariableSpec(
        key="training_place",
        label="training place",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="home workouts",
                reveals=(
                    "I exercise in my living room with a yoga mat and a couple of dumbbells.",
                    "I follow workout videos on my laptop so I never have to leave the house to "
                    "train.",
                    "My training space is a corner of the bedroom with a pull-up bar in the "
                    "doorway.",
                ),
                events=(
                    "When membership fees went up again, I rethought where I train.",
                    "After a busy spring, I looked for a way to fit exercise into my schedule "
                    "more easily.",
                ),
                advice=(
                    "Use a mat, a pair of adjustable dumbbells and bodyweight circuits that fit "
                    "into a corner of your living room."
                ),
            ),
            ValueSpec(
                name="gym sessions",
                reveals=(
                    "I scan my membership card at the fitness centre four evenings a week.",
                    "The squat racks and rowing machines at my local fitness club are my second "
                    "home.",
                    "I train on the machines and free weights at a fitness centre near where I "
                    "live.",
                ),
                events=(
                    "A friend gave me a guest pass last month, and it changed my routine.",
                    "After getting bored of my old routine, I looked for somewhere with more "
                    "equipment.",
                ),
                advice=(
                    "Make full use of the racks, cable machines and cardio equipment, and book "
                    "your sessions at quieter hours."
                ),
            ),
            ValueSpec(
                name="outdoor training",
                reveals=(
                    "I do my workouts in the park, rain or shine, using the benches and the open "
                    "paths.",
                    "Fresh air is essential for me, so I train on the trails and at the exercise "
                    "bars by the river.",
                    "You'll find me doing sprints and hill repeats in the open air whatever the "
                    "weather.",
                ),
                events=(
                    "After a winter cooped up inside, I wanted to change where I exercise.",
                    "A running group in my neighbourhood invited me along last spring.",
                ),
                advice=(
                    "Plan your sessions around park paths, hills and outdoor exercise bars, with a "
                    "rainy-day backup like stair sprints."
                ),
            ),
        ),
        requests=(
            "What equipment do I really need for training?",
            "How can I stay motivated to exercise regularly?",
        ),
    ),
    VariableSpec(
        key="physical_limitation",
        label="physical limitation",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="no injuries",
                reveals=(
                    "My body feels great; nothing aches or holds me back when I move.",
                    "My physio gave me a clean bill of health, with no problems anywhere.",
                    "I can run, jump and lift without any pain at all.",
                ),
                events=(
                    "After months of rehab exercises, my physio signed me off last week.",
                    "A long rest over the winter break did my body a lot of good.",
                ),
                advice=(
                    "Include jumping, running and heavy lifts freely, since nothing needs to be "
                    "avoided."
                ),
            ),
            ValueSpec(
                name="knee injury",
                reveals=(
                    "My left knee swells up whenever I run or take the stairs too fast.",
                    "Deep squats and kneeling are painful since I twisted my leg last year.",
                    "A torn meniscus means I have to go easy on lunges and jumping.",
                ),
                events=(
                    "I slipped on some ice last winter and landed badly.",
                    "A casual football match last month ended with me limping off the pitch.",
                ),
                advice=(
                    "Swap running and deep lunges for low-impact cycling or swimming, and keep "
                    "squats shallow."
                ),
            ),
            ValueSpec(
                name="back injury",
                reveals=(
                    "Bending to pick up a laundry basket can set off a sharp pain in my lower "
                    "spine.",
                    "My lower back seizes up if I lift anything heavy or sit for too long.",
                    "I slipped a disc last year, so my spine needs careful handling.",
                ),
                events=(
                    "While helping a friend move house last month, I lifted something the wrong "
                    "way.",
                    "Long hours hunched over a desk eventually caught up with me.",
                ),
                advice=(
                    "Avoid heavy deadlifts and twisting under load, and add daily core and "
                    "mobility work for the spine."
                ),
            ),
        ),
        requests=(
            "Could you suggest a good warm-up?",
            "How should I recover between workouts?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="workout_plan",
        text="What workout routine should I follow for the next two months?",
        variables=("fitness_goal", "training_place", "physical_limitation"),
        opener="Here is a workout routine for the next two months.",
    ),
)
