"""Learning: language level, study format and goal, for a few months of language study."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "learning"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="language_level",
        label="language level",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="absolute beginner",
                reveals=(
                    "So far I only know how to say hello and thank you in the language.",
                    "I can't yet follow even a simple sentence in the language I'm learning.",
                    "I've just learned the alphabet and a handful of greetings.",
                ),
                events=(
                    "In the spring I decided to pick up a brand-new language.",
                    "After a long break, I'd forgotten nearly everything I knew.",
                ),
                advice=(
                    "Start with the five hundred most common words and simple present-tense "
                    "phrases before anything else."
                ),
            ),
            ValueSpec(
                name="intermediate speaker",
                reveals=(
                    "I can chat about everyday topics, but I still trip over complicated grammar.",
                    "I get by in shops and simple conversations, though fast native speech still "
                    "loses me.",
                    "I read short articles in the language fine, but I struggle to express "
                    "complex ideas.",
                ),
                events=(
                    "After a few months of steady practice, my level changed noticeably.",
                    "A summer spent with native speakers moved me forward.",
                ),
                advice=(
                    "Push past the plateau by practising complex grammar and speaking at natural "
                    "speed every week."
                ),
            ),
            ValueSpec(
                name="near fluent",
                reveals=(
                    "I can debate politics in the language, and locals sometimes mistake me for a "
                    "native.",
                    "I read whole newspapers in the language without a dictionary.",
                    "I dream in the language now and rarely search for words.",
                ),
                events=(
                    "After a long stay abroad last year, my skills jumped.",
                    "My years of persistent study finally paid off this spring.",
                ),
                advice=(
                    "Polish idioms, accent and register with authentic, unsimplified material and "
                    "demanding writing tasks."
                ),
            ),
        ),
        requests=(
            "How can I practise a language more effectively?",
            "What's a good routine for learning vocabulary?",
        ),
    ),
    VariableSpec(
        key="study_format",
        label="study format",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="group classes",
                reveals=(
                    "Twice a week I sit in a classroom with a dozen other learners and a teacher.",
                    "I enrolled in an evening course where we practise dialogues in pairs.",
                    "My favourite part of studying is the lively class I attend at the community "
                    "college.",
                ),
                events=(
                    "A friend persuaded me to join her on a course last term.",
                    "When my local centre started a new programme, I changed how I study.",
                ),
                advice=(
                    "Prepare before each lesson and volunteer to speak in every pair exercise to "
                    "get the most out of your classmates."
                ),
            ),
            ValueSpec(
                name="private tutor",
                reveals=(
                    "I have one-to-one lessons every week with a teacher who focuses only on me.",
                    "My teacher and I meet alone twice a week, and she tailors every session to "
                    "my mistakes.",
                    "I pay a personal teacher for individual sessions rather than sitting in a "
                    "class.",
                ),
                events=(
                    "After a generous birthday gift, I changed how I study.",
                    "When I felt stuck last winter, I looked for more personal attention.",
                ),
                advice=(
                    "Ask your teacher to build each session around your own recurring mistakes and "
                    "to set targeted homework."
                ),
            ),
            ValueSpec(
                name="self-study",
                reveals=(
                    "I learn entirely on my own with textbooks, podcasts and flashcards.",
                    "Nobody teaches me; I work through a grammar book by myself every evening.",
                    "I plan my own lessons and study alone at my own pace.",
                ),
                events=(
                    "When my course was cancelled in the autumn, I had to change how I study.",
                    "After my schedule became unpredictable, I changed the way I learn.",
                ),
                advice=(
                    "Set yourself a weekly syllabus of textbook chapters, and find a "
                    "language-exchange partner to practise speaking with."
                ),
            ),
        ),
        requests=(
            "How can I stay motivated with my studies?",
            "How much time should I spend studying each week?",
        ),
    ),
    VariableSpec(
        key="language_goal",
        label="language goal",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="casual conversation",
                reveals=(
                    "I just want to chat with the locals and make friends when I visit.",
                    "My aim is to have relaxed chats with my neighbours in their own language.",
                    "I don't care about grammar tests; I just want to talk easily with people.",
                ),
                events=(
                    "After making some friends who speak the language, my goals changed.",
                    "A fun evening with a group of native speakers last month changed my "
                    "priorities.",
                ),
                advice=(
                    "Focus on everyday phrases, slang and listening practice, and chat informally "
                    "with native speakers as often as possible."
                ),
            ),
            ValueSpec(
                name="work use",
                reveals=(
                    "I'll need the language to deal with clients at my job soon.",
                    "I need to write professional emails and reports in the language for my "
                    "employer.",
                    "Being able to negotiate with our overseas partners is why I'm studying.",
                ),
                events=(
                    "After a reorganisation in my department, my reasons for studying changed.",
                    "When a new client from abroad came on board, my goals shifted.",
                ),
                advice=(
                    "Build vocabulary for your field, and practise writing formal emails and "
                    "giving short presentations."
                ),
            ),
            ValueSpec(
                name="certificate exam",
                reveals=(
                    "I've booked an official proficiency test for the summer and need to pass it.",
                    "I'm studying to get a formal qualification that a visa application requires.",
                    "My goal is a pass mark on the graded written and oral test in June.",
                ),
                events=(
                    "A new requirement for a course application changed my goals.",
                    "After reading about a scholarship I want, my priorities changed.",
                ),
                advice=(
                    "Work through past papers under timed conditions and learn the marking "
                    "criteria for each section."
                ),
            ),
        ),
        requests=(
            "What should I focus on in my language practice?",
            "How do I keep track of my progress in a language?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="language_study",
        text="How should I approach my language study over the next three months?",
        variables=("language_level", "study_format", "language_goal"),
        opener="Here is a plan for your language study over the next three months.",
    ),
)
